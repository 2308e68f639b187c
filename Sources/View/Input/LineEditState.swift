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
    /// Set after Tab when several completions share no longer prefix, for the editor to list them.
    private(set) var candidates: [String] = []

    init(history: [String], completions: [String]) {
        self.history = history
        self.historyIndex = history.count
        self.completions = completions
    }

    var text: String { String(characters) }

    mutating func apply(_ key: Key) -> Outcome {
        candidates = []
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
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

    /// Completes the command name being typed as the first word.
    private mutating func complete() {
        let prefix = String(characters[..<cursor])
        guard !prefix.isEmpty, !prefix.contains(where: \.isWhitespace) else { return }
        let matches = completions.filter { $0.hasPrefix(prefix.lowercased()) }
        guard let first = matches.first else { return }
        if matches.count == 1 {
            replacePrefix(with: first + " ")
            return
        }
        var common = first
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        if common.count > prefix.count {
            replacePrefix(with: common)
        } else {
            candidates = matches
        }
    }

    private mutating func replacePrefix(with replacement: String) {
        characters.replaceSubrange(0..<cursor, with: Array(replacement))
        cursor = replacement.count
    }
}
