import Testing
@testable import Entity

@Test func moduleIsLinked() {
    #expect(EntityModule.name == "Entity")
}
