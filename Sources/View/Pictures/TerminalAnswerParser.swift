/// Reads a terminal's answers to the picture probe, one byte at a time as they arrive: APC strings
/// (kitty's `ESC _ G i=31;OK ESC \`), DCS strings (`ESC P >|name ESC \`) and CSI answers
/// (`ESC [ ? … c`, `ESC [ ? … S`). Pure and bounded: a string longer than `maxSequence` is read to its
/// end but not kept, at most `maxUnclaimed` other bytes are kept, and a string may also end with BEL.
struct TerminalAnswerParser {
    static let maxSequence = 512
    static let maxUnclaimed = 256

    private(set) var answers = TerminalAnswers()

    private enum State {
        case ground
        case escape
        case csi
        /// Inside an APC (`_`) or DCS (`P`) string; `escape` after an ESC that may start the terminator.
        case string(kind: UInt8, escape: Bool)
    }

    private var state = State.ground
    private var sequence: [UInt8] = []
    private var overflowed = false

    /// All the answers in `bytes`.
    static func parse(_ bytes: some Sequence<UInt8>) -> TerminalAnswers {
        var parser = TerminalAnswerParser()
        for byte in bytes { parser.feed(byte) }
        return parser.answers
    }

    mutating func feed(_ byte: UInt8) {
        switch state {
        case .ground:
            if byte == 0x1B {
                state = .escape
            } else {
                unclaimed([byte])
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                begin(.csi)
            case UInt8(ascii: "_"), UInt8(ascii: "P"):
                begin(.string(kind: byte, escape: false))
            case 0x1B:
                unclaimed([0x1B])
            default:
                unclaimed([0x1B, byte])
                state = .ground
            }
        case .csi:
            switch byte {
            case 0x20...0x3F:
                keep(byte)
            case 0x40...0x7E:
                finishCSI(final: byte)
            default:
                // Not a CSI after all (a control byte inside): give back what was read.
                unclaimed([0x1B, UInt8(ascii: "[")] + sequence)
                state = .ground
                feed(byte)
            }
        case .string(let kind, let escape):
            if escape {
                if byte == UInt8(ascii: "\\") {
                    finishString(kind: kind)
                } else {
                    // An ESC inside a string cancels it; the byte after it starts a new sequence.
                    state = .escape
                    feed(byte)
                }
            } else if byte == 0x1B {
                state = .string(kind: kind, escape: true)
            } else if byte == 0x07 {
                finishString(kind: kind)
            } else {
                keep(byte)
            }
        }
    }

    private mutating func begin(_ next: State) {
        state = next
        sequence = []
        overflowed = false
    }

    private mutating func keep(_ byte: UInt8) {
        if sequence.count < TerminalAnswerParser.maxSequence {
            sequence.append(byte)
        } else {
            overflowed = true
        }
    }

    private mutating func unclaimed(_ bytes: [UInt8]) {
        let room = TerminalAnswerParser.maxUnclaimed - answers.unclaimed.count
        if room > 0 { answers.unclaimed += bytes.prefix(room) }
    }

    private mutating func finishCSI(final: UInt8) {
        defer { state = .ground }
        let text = String(decoding: sequence, as: UTF8.self)
        if !overflowed, text.hasPrefix("?") {
            // Empty fields are skipped: kitty answers DA1 with `CSI ? 62 ; c`.
            let fields = text.dropFirst().split(separator: ";", omittingEmptySubsequences: true)
            let numbers = fields.map { Int($0) }
            if final == UInt8(ascii: "c"), !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }), answers.deviceAttributes == nil {
                answers.deviceAttributes = numbers.compactMap { $0 }
                return
            }
            if final == UInt8(ascii: "S"), numbers.count == 3, numbers[0] == 1, numbers[1] == 0, let registers = numbers[2] {
                answers.colourRegisters = registers
                return
            }
        }
        if overflowed || sequence.first.map({ (0x3C...0x3F).contains($0) }) == true {
            return  // far too long to be a key, or another private answer: never a key
        }
        // Any other CSI (an arrow key, say) belongs to the line editor.
        unclaimed([0x1B, UInt8(ascii: "[")] + sequence + [final])
    }

    private mutating func finishString(kind: UInt8) {
        defer { state = .ground }
        guard !overflowed else { return }
        if kind == UInt8(ascii: "_") {
            // kitty: "G" keys ";" message, answering our query id 31.
            guard sequence.first == UInt8(ascii: "G"), let semicolon = sequence.firstIndex(of: UInt8(ascii: ";")) else { return }
            let keys = String(decoding: sequence[1..<semicolon], as: UTF8.self).split(separator: ",")
            let message = String(decoding: sequence[(semicolon + 1)...], as: UTF8.self)
            if keys.contains("i=31"), message == "OK", answers.deviceAttributes == nil { answers.kittyGraphics = true }
        } else if sequence.starts(with: Array(">|".utf8)) {
            let name = sequence.dropFirst(2).prefix(64).filter { (0x20...0x7E).contains($0) }
            answers.version = String(decoding: name, as: UTF8.self)
        }
    }
}
