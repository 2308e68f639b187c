import Testing
import TestSupport

@Test func uiTestTargetBuilds() {
    #expect(Bool(true))
}
