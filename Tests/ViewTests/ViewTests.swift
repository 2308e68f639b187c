import Testing
@testable import View

@Test func moduleIsLinked() {
    #expect(ViewModule.name == "View")
}
