import Testing
import TerminalKit
@testable import View

@Suite struct NameCompletion {
    static let known = ["garlic", "garlic powder", "green onions", "green beans", "onions", "olive oil", "fava beans"]

    func edit(_ keys: [Key], names: CompletionSource? = CompletionSource { typed in known.filter { $0.hasPrefix(typed.lowercased()) } })
        -> LineEditState {
        var state = LineEditState(history: [], completions: CommandTable.allNames, names: names)
        for key in keys { _ = state.apply(key) }
        return state
    }

    func type(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test(arguments: [
        ("onions, gar", "onions, garlic"),
        ("onions, oli", "onions, olive oil, "),
        ("onions,oli", "onions,olive oil, "),
        ("gar", "garlic"),
        ("GREEN B", "green beans, "),
        ("s gre", "s green "),
        ("search ol", "search olive oil, "),
        ("onions, xyz", "onions, xyz"),
        ("onions, ", "onions, "),
        ("eggs \"omelet\", oli", "eggs \"omelet\", olive oil, "),
    ])
    func theItemBeforeTheCursorIsCompleted(typed: String, completed: String) {
        #expect(edit(type(typed) + [.tab]).text == completed)
    }

    /// Title words in quotes are not ingredients, even for a source that would take them.
    @Test func titleWordsAreNotCompleted() {
        let lenient = CompletionSource { typed in Self.known.filter { $0.hasPrefix(typed.filter(\.isLetter)) } }
        #expect(edit(type("eggs, \"gar") + [.tab], names: lenient).text == "eggs, \"gar")
        #expect(edit(type("eggs \"omelet\", gar") + [.tab], names: lenient).text == "eggs \"omelet\", garlic")
    }

    /// `filter cuisine TH` completes to the whole command, with no comma after it.
    @Test func aCuisineIsCompletedWithoutAComma() {
        let cuisines = CompletionSource { typed in ["filter cuisine Thai"].filter { $0.lowercased().hasPrefix(typed.lowercased()) } }
        #expect(edit(type("filter cuisine th") + [.tab], names: cuisines).text == "filter cuisine Thai")
    }

    /// Tab on `filter cuisine ` lists the names alone, every one of them, however many.
    @Test func tabAfterFilterCuisineListsEveryNameAlone() {
        let names = (1...60).map { "\($0)-ish" }
        let cuisines = CompletionSource { typed in names.map { "filter cuisine \($0)" }.filter { $0.lowercased().hasPrefix(typed.lowercased()) } }
        #expect(edit(type("filter cuisine ") + [.tab], names: cuisines).candidates == names)
        #expect(edit(type("filter cuisine 5") + [.tab], names: cuisines).candidates == ["5-ish"] + (50...59).map { "\($0)-ish" })
        // Ingredient names keep their words.
        #expect(edit(type("green ") + [.tab]).candidates == ["green onions", "green beans"])
    }

    /// Candidates are laid out in columns read downwards, each row within the width.
    @Test func candidatesAreLaidOutInColumnsWithinTheWidth() {
        let rows = CandidateColumns.rows(["African", "American", "Asian", "Thai", "Cajun & Creole"], width: 40)
        #expect(rows == ["African         Thai", "American        Cajun & Creole", "Asian"])
        let many = CandidateColumns.rows((1...85).map { "Name\($0)" }, width: 50)
        #expect(many.allSatisfy { TextLayout.displayWidth($0) <= 50 })
        #expect(many.count == 15, "6 columns of names up to 6 wide, a gap of 2, in 50")
        #expect(CandidateColumns.rows(["a-very-long-name-indeed"], width: 10) == ["a-very-lo…"])
    }

    /// A command's own words: `filter l`, `set p`, `o 3 p`, `w 2 v`.
    @Test func aCommandsArgumentWordsAreCompleted() {
        #expect(edit(type("filter l") + [.tab]).text == "filter lactose-free")
        #expect(edit(type("filter c") + [.tab]).text == "filter cuisine ")
        #expect(edit(type("set p") + [.tab]).text == "set pictures o")
        #expect(edit(type("set pictures of") + [.tab]).text == "set pictures off")
        #expect(edit(type("o 3 p") + [.tab]).text == "o 3 page")
        #expect(edit(type("w 2 v") + [.tab]).text == "w 2 video")
        #expect(edit(type("filter ") + [.tab]).candidates == ["filter lactose-free", "filter cuisine", "filter all"])
    }

    @Test func commandNamesComeFirstAsBefore() {
        #expect(edit(type("fa") + [.tab]).text == "fav")
        #expect(edit(type("ret") + [.tab]).text == "retry ")
        #expect(edit(type("fav") + [.tab]).candidates.contains("favorites"))
    }

    @Test func severalNamesWithNothingMoreInCommonAreListed() {
        let state = edit(type("onions, garlic") + [.tab])
        #expect(state.text == "onions, garlic")
        #expect(state.candidates == ["garlic", "garlic powder"])
        #expect(edit(type("onions, g") + [.tab]).candidates == ["garlic", "garlic powder", "green onions", "green beans"])
    }

    @Test func completingInsideTheLineAddsNoComma() {
        let state = edit(type("oli, eggs") + [.home, .right, .right, .right, .tab])
        #expect(state.text == "olive oil, eggs")
        #expect(state.cursor == 9)
    }

    @Test func aCorrectionFromTheSourceReplacesWhatWasTyped() {
        let state = edit(type("onions, garlci") + [.tab], names: CompletionSource { _ in ["garlic"] })
        #expect(state.text == "onions, garlic, ")
    }

    @Test func longListsAreCut() {
        let many = (0..<100).map { "name \($0)" }
        #expect(edit(type("x, n") + [.tab], names: CompletionSource { _ in many }).text == "x, name ")
        let state = edit(type("x, name ") + [.tab], names: CompletionSource { _ in many })
        #expect(state.candidates.count == LineEditState.maxCandidates + 1)
        #expect(state.candidates.last == "…")
    }

    @Test func tabDoesNothingOnAVeryLongLine() {
        let long = String(repeating: "x", count: LineEditState.maxCompletedLength) + ", gar"
        #expect(edit(type(long) + [.tab]).text == long)
        let (short, shorter) = (String(repeating: "x", count: LineEditState.maxCompletedLength - 5) + ", gar", "garlic")
        #expect(edit(type(short) + [.tab]).text.hasSuffix(shorter))
    }

    @Test func insertingARunIsTypingItsCharacters() {
        var typed = edit(type("onions garlic") + [.left, .left, .left])
        var inserted = typed
        for character in "é, 豆腐" { _ = typed.apply(.character(character)) }
        inserted.insert(Array("é, 豆腐"))
        #expect(inserted.text == typed.text)
        #expect(inserted.cursor == typed.cursor)
    }

    @Test func withoutASourceOnlyCommandsComplete() {
        #expect(edit(type("onions, gar") + [.tab], names: nil).text == "onions, gar")
        #expect(edit(type("gar") + [.tab], names: nil).text == "gar")
    }
}
