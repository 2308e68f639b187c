import Testing
@testable import PuppyServer

@Test func moduleIsLinked() {
    #expect(PuppyServerModule.name == "PuppyServer")
}
