import Testing
@testable import Interactor

@Test func moduleIsLinked() {
    #expect(InteractorModule.name == "Interactor")
}
