import Testing
@testable import Presenter

@Test func moduleIsLinked() {
    #expect(PresenterModule.name == "Presenter")
}
