import Foundation
public import Presenter

/// Draws pictures on this terminal: picks the protocol once per session (probing the terminal the
/// first time it is needed) and turns a picture into the bytes to write, or into its link when no
/// picture can be drawn. Never draws where stdout is not a terminal.
public final class TerminalPictures: @unchecked Sendable {
    private let environment: [String: String]
    private let stdoutIsTTY: Bool
    private let choice: PictureChoice
    private let probe: @Sendable () -> TerminalAnswers?
    private let cellSize: @Sendable () -> CellSize?
    /// Guards `chosen`: the REPL and one-shot output may ask from different tasks.
    private let lock = NSLock()
    private var chosen: PictureProtocol?

    /// `typedAhead`: where keys typed while the terminal is asked go (the line editor's, at the prompt).
    convenience init(terminal: TerminalInfo, choice: PictureChoice, typedAhead: TypedAhead) {
        self.init(environment: terminal.environment, stdoutIsTTY: terminal.stdoutIsTTY, choice: choice,
                  probe: { TerminalProbe.run(typedAhead: typedAhead) }, cellSize: { TerminalProbe.cellSize() })
    }

    /// Pictures for output with no prompt after it: keys typed meanwhile are dropped.
    public convenience init(terminal: TerminalInfo, choice: PictureChoice) {
        self.init(terminal: terminal, choice: choice, typedAhead: TypedAhead())
    }

    init(environment: [String: String], stdoutIsTTY: Bool, choice: PictureChoice,
         probe: @escaping @Sendable () -> TerminalAnswers?, cellSize: @escaping @Sendable () -> CellSize?) {
        self.environment = environment
        self.stdoutIsTTY = stdoutIsTTY
        self.choice = choice
        self.probe = probe
        self.cellSize = cellSize
    }

    /// The protocol for this session; the first call may probe the terminal (at most 100 ms), so make
    /// it while nothing else reads the terminal (before the prompt, say).
    var pictureProtocol: PictureProtocol {
        lock.withLock {
            if let chosen { return chosen }
            let answers = PictureProtocolChooser.shouldProbe(environment: environment, stdoutIsTTY: stdoutIsTTY, choice: choice) ? probe() : nil
            let result = PictureProtocolChooser.choose(environment: environment, stdoutIsTTY: stdoutIsTTY, answers: answers, choice: choice)
            chosen = result
            return result
        }
    }

    /// Probes now, if that is going to be needed, so that later pictures draw without waiting.
    public func prepare() {
        _ = pictureProtocol
    }

    /// True when pictures are drawn (not only linked).
    public var drawsPictures: Bool { pictureProtocol != .linkOnly }

    /// True when the protocol takes a picture as a PNG file (kitty, iTerm2).
    var wantsPNG: Bool {
        switch pictureProtocol {
        case .kitty, .iTerm2: return true
        default: return false
        }
    }

    /// True when pictures are drawn as coloured characters, which lay out like text.
    var drawsWithCharacters: Bool {
        if case .halfBlocks = pictureProtocol { return true }
        return false
    }

    /// The pixels of one character cell: what the terminal says, else a usual font's.
    var cell: CellSize { cellSize() ?? .assumed }

    /// What to write for `picture` in a box of `columns` × `rows` cells: the picture, ending on the
    /// line below it; or an empty string when it cannot be drawn (the caller shows the link).
    public func render(_ picture: PictureModel, columns: Int, rows: Int) -> String {
        PictureRendering.render(picture, with: pictureProtocol, columns: columns, rows: rows, cell: cellSize())
    }
}

/// Dispatches a picture to the encoder of a protocol.
enum PictureRendering {
    static func render(_ picture: PictureModel, with pictureProtocol: PictureProtocol, columns: Int, rows: Int, cell: CellSize?) -> String {
        guard columns > 0, rows > 0 else { return "" }
        switch pictureProtocol {
        case .kitty: return KittyGraphicsEncoder.encode(picture, columns: columns, rows: rows, cell: cell)
        case .iTerm2: return ITermImageEncoder.encode(picture, columns: columns, rows: rows, cell: cell)
        case .sixel(let colours): return SixelEncoder.encode(picture, columns: columns, rows: rows, cell: cell, colours: colours)
        case .halfBlocks(let colours): return HalfBlockEncoder.encode(picture, columns: columns, rows: rows, cell: cell, colours: colours)
        case .linkOnly: return ""
        }
    }
}

extension TerminalPictures {
    /// The protocols by name, for drawing a picture where no terminal is asked (the benchmark).
    public enum Encoding: String, Sendable, CaseIterable {
        case kitty
        case sixel
        case halfBlocks = "half-blocks"
    }

    /// `picture` drawn with `encoding` (sixel with 256 colours, half blocks in 24-bit colour) in a
    /// box of `columns` × `rows` cells of the usual font size, as `render(_:columns:rows:)` draws it.
    public static func render(_ picture: PictureModel, protocol encoding: Encoding, columns: Int, rows: Int) -> String {
        let chosen: PictureProtocol = switch encoding {
        case .kitty: .kitty
        case .sixel: .sixel(colours: 256)
        case .halfBlocks: .halfBlocks(.trueColour)
        }
        return PictureRendering.render(picture, with: chosen, columns: columns, rows: rows, cell: nil)
    }
}
