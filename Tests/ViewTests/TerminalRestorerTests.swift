import Glibc
import Testing
@testable import View

/// The restorer's gate on changes of the terminal's mode: once a signal is ending RecipeBook, the mode
/// it puts back is the last word, so a main thread given the terminal back meanwhile cannot enter raw
/// mode again after it.
@Suite struct TerminalRestorerGate {
    @Test func noChangeOfModeGoesThroughOnceTheEndHasBegun() {
        let restorer = TerminalRestorer(descriptor: -1)
        var changes = 0
        restorer.changingMode { changes += 1 }
        #expect(changes == 1)
        restorer.beginEnding()
        restorer.changingMode { changes += 1 }
        #expect(changes == 1)
    }
}
