import Testing
@testable import Router

@Test func moduleIsLinked() {
    #expect(RouterModule.name == "Router")
}
