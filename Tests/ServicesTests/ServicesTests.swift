import Testing
@testable import Services

@Test func moduleIsLinked() {
    #expect(ServicesModule.name == "Services")
}
