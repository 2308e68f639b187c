public import Foundation
public import Presenter

/// The REPL's screen: draws the Presenter's display models on the terminal.
@MainActor
public final class TerminalView: RecipesView {
    let sink: any TextSink
    let terminal: TerminalInfo
    let colors: Bool
    let input: any LineReading
    private let spinner: Spinner
    /// What Tab completes besides command names (ingredient names seen so far), set once the Presenter
    /// that knows them exists.
    public var ingredientNames: ((String) -> [String])?

    /// `historyFile` keeps typed lines across runs when the line editor is used.
    public convenience init(terminal: TerminalInfo, colors: Bool, sink: any TextSink = StandardStreams(), historyFile: URL?) {
        let names = NameSource()
        let input: any LineReading
        if terminal.stdinIsTTY && terminal.stdoutIsTTY {
            input = LineEditor(sink: sink, history: History(file: historyFile), columns: { terminal.width },
                               names: CompletionSource { [names] typed in names.view?.ingredientNames?(typed) ?? [] })
        } else {
            input = PipedLineReader()
        }
        self.init(terminal: terminal, colors: colors, sink: sink, input: input)
        names.view = self
    }

    /// Lets the line editor, made before the view, ask the view for names.
    @MainActor
    private final class NameSource {
        weak var view: TerminalView?
    }

    init(terminal: TerminalInfo, colors: Bool, sink: any TextSink, input: any LineReading) {
        self.sink = sink
        self.terminal = terminal
        self.colors = colors
        self.input = input
        self.spinner = Spinner(sink: sink, enabled: terminal.stderrIsTTY)
    }

    /// `$XDG_STATE_HOME/recipebook/history`, else `~/.local/state/recipebook/history`.
    public static func defaultHistoryFile(environment: [String: String]) -> URL? {
        History.defaultFile(environment: environment)
    }

    var renderer: Renderer { Renderer(width: terminal.width, colors: colors, wrapsMessages: terminal.stdoutIsTTY) }

    public func display(_ screen: ScreenModel) {
        write(renderer.screen(screen))
    }

    public func display(_ recipe: RecipeDetailModel) {
        write(renderer.detail(recipe))
    }

    public func display(_ page: PageModel) async -> Int? {
        let width = terminal.width
        return await Pager(sink: sink, terminal: terminal, input: input, style: Style(colors: colors))
            .show(renderer.page(page), links: page.references.count, plain: { Renderer(width: width, colors: false).page(page) })
    }

    public func openInBrowser(_ address: String) async -> BrowserOutcome {
        await BrowserLauncher(environment: terminal.environment, input: input).open(address)
    }

    /// Asks the terminal to copy (OSC 52), which terminals and tmux (with set-clipboard) honour.
    public func copyToClipboard(_ text: String) -> Bool {
        guard terminal.stdoutIsTTY else { return false }
        sink.write("\u{1B}]52;c;" + Data(TerminalSafety.line(text).utf8).base64EncodedString() + "\u{07}", to: .standardOutput)
        return true
    }

    public func display(_ message: MessageModel) {
        write(renderer.message(message))
    }

    public func displayHelp() {
        write(renderer.help())
    }

    public func setActivity(_ activity: String?) {
        if let activity { spinner.start(activity) } else { spinner.stop() }
    }

    func write(_ lines: [String]) {
        let text = lines.joined(separator: "\n") + "\n"
        // A message that arrives while a line is being typed (a favorite finished saving) goes above it.
        if input.printAboveLine(text) { return }
        sink.write(text, to: .standardOutput)
    }
}
