import TerminalKit
/// The line being edited and what each key does to it. Pure, so every key can be tested.
struct LineEditState {
    enum Outcome: Equatable {
        case editing
        /// Enter: the line is done.
        case accepted(String)
        /// Ctrl-D on an empty line: end of input.
        case endOfInput
        /// Ctrl-C: the line was thrown away.
        case cleared
        /// Ctrl-L: the screen should be cleared and the line drawn again.
        case clearScreen
    }

    private(set) var characters: [Character] = []
    private(set) var cursor = 0
    private let history: [String]
    private var historyIndex: Int
    private var draft: [Character] = []
    private let completions: [String]
    private let names: CompletionSource?
    /// Set after Tab when several completions share no longer prefix, for the editor to list them.
    private(set) var candidates: [String] = []

    /// The longest line kept: characters typed or pasted beyond it are dropped.
    static let maxLength = 65_536
    /// The most completions listed after Tab; `…` stands for the rest.
    static let maxCandidates = 40
    /// Tab does nothing on lines longer than this, so a paste full of tabs stays linear.
    static let maxCompletedLength = 1024

    /// `completions`: command names, completed as the first word. `names`: what else Tab completes.
    init(history: [String], completions: [String], names: CompletionSource? = nil) {
        self.history = history
        self.historyIndex = history.count
        self.completions = completions
        self.names = names
    }

    var text: String { String(characters) }

    mutating func apply(_ key: Key) -> Outcome {
        candidates = []
        switch key {
        case .character(let character):
            insert([character])
        case .enter:
            return .accepted(text)
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("d"):
            if characters.isEmpty { return .endOfInput }
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .wordLeft:
            cursor = wordStart(before: cursor)
        case .wordRight:
            var index = cursor
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            while index < characters.count, !characters[index].isWhitespace { index += 1 }
            cursor = index
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .control("w"):
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("c"):
            characters = []
            cursor = 0
            historyIndex = history.count
            return .cleared
        case .control("l"):
            return .clearScreen
        case .up, .control("p"):
            recall(historyIndex - 1)
        case .down, .control("n"):
            recall(historyIndex + 1)
        case .tab:
            complete()
        default:
            break
        }
        return .editing
    }

    /// Inserts typed or pasted characters at the cursor in one move, up to `maxLength`.
    mutating func insert(_ typed: [Character]) {
        candidates = []
        let accepted = typed.prefix(max(0, Self.maxLength - characters.count))
        characters.insert(contentsOf: accepted, at: cursor)
        cursor += accepted.count
    }

    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    private mutating func recall(_ index: Int) {
        guard index >= 0, index <= history.count, index != historyIndex else { return }
        if historyIndex == history.count { draft = characters }
        historyIndex = index
        characters = index == history.count ? draft : Array(history[index])
        cursor = characters.count
    }

    /// Completes the command name being typed as the first word; failing that (or after a comma), the
    /// item of the list the cursor is in, from `names`.
    private mutating func complete() {
        guard characters.count <= Self.maxCompletedLength else { return }
        let prefix = String(characters[..<cursor])
        if !prefix.contains(where: { $0.isWhitespace || $0 == "," }), completeCommand(prefix) { return }
        if let arguments = CommandTable.argumentCompletions(prefix) {
            completeArgument(prefix, from: arguments)
            return
        }
        completeItem()
    }

    /// Completes a command's own argument words (`filter l` → `filter lactose-free`).
    private mutating func completeArgument(_ prefix: String, from matches: [String]) {
        guard let first = matches.first else { return }
        if matches.count == 1 {
            // `filter cuisine` goes on with a name: a space after it.
            replace(0..<cursor, with: first + (first.hasSuffix(" cuisine") ? " " : ""))
            return
        }
        let common = commonPrefix(matches)
        if common.count > prefix.count {
            replace(0..<cursor, with: common)
        } else {
            candidates = matches
        }
    }

    /// Completes a command name; false when none starts with `prefix`.
    private mutating func completeCommand(_ prefix: String) -> Bool {
        guard !prefix.isEmpty else { return false }
        let matches = completions.filter { $0.hasPrefix(prefix.lowercased()) }
        guard let first = matches.first else { return false }
        if matches.count == 1 {
            replace(0..<cursor, with: first + " ")
            return true
        }
        let common = commonPrefix(matches)
        if common.count > prefix.count {
            replace(0..<cursor, with: common)
        } else {
            candidates = matches
        }
        return true
    }

    /// Completes the comma-separated item before the cursor from `names`.
    private mutating func completeItem() {
        guard let names else { return }
        let before = characters[..<cursor]
        // Inside quotes are title words, not ingredients.
        guard before.filter({ $0 == "\"" || $0 == "“" || $0 == "”" }).count.isMultiple(of: 2) else { return }
        var start = before.lastIndex(of: ",").map { $0 + 1 } ?? 0
        if start == 0 {
            let firstWord = before.prefix { !$0.isWhitespace }
            if ["s", "search"].contains(String(firstWord).lowercased()), firstWord.count < before.count {
                start = firstWord.count
            }
        }
        while start < cursor, characters[start].isWhitespace { start += 1 }
        let typed = String(characters[start..<cursor])
        guard !typed.isEmpty else { return }
        var seen = Set<String>()
        let matches = names.names(typed).filter { !$0.isEmpty && seen.insert($0).inserted }
        guard let first = matches.first else { return }
        if matches.count == 1 {
            let atEnd = characters[cursor...].allSatisfy(\.isWhitespace)
            // An ingredient is followed by the comma before the next one; a whole command line completed
            // (`filter cuisine Indian`: its first word a command name) takes nothing after it.
            let firstWord = first.prefix { !$0.isWhitespace }.lowercased()
            let isCommand = start == 0 && firstWord.count < first.count && completions.contains(firstWord)
            replace(start..<cursor, with: first + (atEnd && !isCommand ? ", " : ""))
            return
        }
        let common = commonPrefix(matches)
        if common.count > typed.count {
            replace(start..<cursor, with: common)
        } else if start == 0, let space = common.lastIndex(where: \.isWhitespace),
                  completions.contains(common.prefix { !$0.isWhitespace }.lowercased()) {
            // Whole command lines (`filter cuisine Thai`): just the names, every one of them.
            let lead = common.distance(from: common.startIndex, to: space) + 1
            candidates = matches.map { String($0.dropFirst(lead)) }
        } else {
            candidates = Array(matches.prefix(Self.maxCandidates)) + (matches.count > Self.maxCandidates ? ["…"] : [])
        }
    }

    private func commonPrefix(_ words: [String]) -> String {
        guard var common = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            common = Array(zip(common, word).prefix { $0 == $1 }.map(\.0))
        }
        return String(common)
    }

    private mutating func replace(_ range: Range<Int>, with replacement: String) {
        let inserted = Array(replacement.prefix(max(0, Self.maxLength - characters.count + range.count)))
        characters.replaceSubrange(range, with: inserted)
        cursor = range.lowerBound + inserted.count
    }
}
