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
    /// Pictures on this terminal; nil where none are drawn (a pipe, or `--pictures never`).
    private let pictures: TerminalPictures?
    /// Puts the terminal back as found when a signal ends RecipeBook; nil where none is read.
    private let restorer: TerminalRestorer?
    /// What Tab completes besides command names (ingredient names seen so far), set once the Presenter
    /// that knows them exists.
    public var ingredientNames: ((String) -> [String])?
    /// Whether the REPL's greeting and first prompt are on the screen already.
    var greeted = false

    /// `historyFile` keeps typed lines across runs when the line editor is used.
    public convenience init(terminal: TerminalInfo, colors: Bool, sink: any TextSink = StandardStreams(), historyFile: @autoclosure @escaping () -> URL?,
                            pictures choice: PictureChoice = .never) {
        let names = NameSource()
        // Keys typed while the picture probe waits for the terminal go to the line editor.
        let typedAhead = TypedAhead()
        let input: any LineReading
        var restorer: TerminalRestorer?
        if terminal.stdinIsTTY && terminal.stdoutIsTTY {
            let terminalRestorer = TerminalRestorer()
            input = LineEditor(sink: sink, history: History(file: historyFile()), columns: { terminal.width },
                               names: CompletionSource { [names] typed in names.view?.ingredientNames?(typed) ?? [] },
                               keyboard: TerminalKeyboard(typedAhead: typedAhead, restorer: terminalRestorer))
            restorer = terminalRestorer
        } else {
            input = PipedLineReader()
        }
        // Pictures are colour: without colour (NO_COLOR, --color never) they are drawn only when asked
        // for by --pictures always; otherwise their links are shown.
        let drawsPictures = choice == .always || (choice == .auto && colors)
        let pictures = !drawsPictures || !terminal.stdoutIsTTY ? nil
            : TerminalPictures(terminal: terminal, choice: choice, typedAhead: typedAhead)
        self.init(terminal: terminal, colors: colors, sink: sink, input: input, pictures: pictures, restorer: restorer)
        names.view = self
    }

    /// Lets the line editor, made before the view, ask the view for names.
    @MainActor
    private final class NameSource {
        weak var view: TerminalView?
    }

    init(terminal: TerminalInfo, colors: Bool, sink: any TextSink, input: any LineReading, pictures: TerminalPictures? = nil,
         restorer: TerminalRestorer? = nil) {
        self.sink = sink
        self.terminal = terminal
        self.colors = colors
        self.input = input
        self.pictures = pictures
        self.restorer = restorer
        self.spinner = Spinner(sink: sink, enabled: terminal.stderrIsTTY, columns: { terminal.width })
    }

    /// Takes away the first prompt when the session cannot start after all (its error follows).
    public func withdrawPrompt() {
        input.withdrawPrompt()
    }

    /// `$XDG_STATE_HOME/recipebook/history`, else `~/.local/state/recipebook/history`.
    public static func defaultHistoryFile(environment: [String: String]) -> URL? {
        History.defaultFile(environment: environment)
    }

    var renderer: Renderer {
        Renderer(width: terminal.width, colors: colors, wrapsMessages: terminal.stdoutIsTTY, rows: terminal.stdoutIsTTY ? terminal.height : nil)
    }

    /// As many as fit in the terminal's rows under a heading and over a footer and the prompt, two
    /// lines a card (or a picture's rows), up to 10; nil into a pipe.
    public func recipesPerScreen(withPictures: Bool) -> Int? {
        guard terminal.stdoutIsTTY else { return nil }
        var cardRows = Renderer.compactCardRows
        if withPictures, let pictures, pictures.drawsPictures {
            let pictureRows = cells(for: .card).rows
            cardRows = pictures.drawsWithCharacters ? pictureRows : pictureRows + cardRows
        }
        return max(1, min(10, (terminal.height - Renderer.screenFrame) / cardRows))
    }

    public func display(_ screen: ScreenModel) {
        write(renderer.screen(screen, picture: cardPicture))
    }

    public func pictureBox(for purpose: PicturePurpose) -> PictureBox? {
        guard let pictures, pictures.drawsPictures else { return nil }
        let (columns, rows) = cells(for: purpose)
        let cell = pictures.cell
        return PictureBox(width: min(1024, columns * cell.width), height: min(1024, rows * cell.height), wantsPNG: pictures.wantsPNG)
    }

    public func display(_ picture: PictureModel, for purpose: PicturePurpose) {
        guard let pictures else { return }
        let (columns, rows) = cells(for: purpose)
        let drawn = pictures.render(picture, columns: columns, rows: rows)
        if !drawn.isEmpty { sink.write(drawn, to: .standardOutput) }
    }

    /// The cells a picture for `purpose` may take.
    private func cells(for purpose: PicturePurpose) -> (columns: Int, rows: Int) {
        switch purpose {
        case .card: return (12, 5)
        case .detail: return (min(terminal.width - 2, 40), 10)
        case .large: return (max(10, terminal.width - 1), max(5, terminal.height - 3))
        }
    }

    /// A card's picture as the lines to put beside the card (pictures drawn with characters), or as
    /// one block to put above it.
    private func cardPicture(_ picture: PictureModel) -> Renderer.CardPicture? {
        guard let pictures, pictures.drawsPictures else { return nil }
        let (columns, rows) = cells(for: .card)
        let drawn = pictures.render(picture, columns: columns, rows: rows)
        guard !drawn.isEmpty else { return nil }
        return pictures.drawsWithCharacters ? .beside(drawn.split(separator: "\n").map(String.init), columns: columns) : .above(drawn)
    }

    public func display(_ recipe: RecipeDetailModel) {
        write(renderer.detail(recipe))
    }

    public func display(_ page: PageModel, picture request: PictureRequest?) async -> ReaderAction? {
        let colors = self.colors
        let picture = request.flatMap { request in
            pictures.map { pictures in PagePicture(request: request, draw: { Self.draw($0, in: pictures, columns: $1, colors: colors) }) }
        }
        return await Pager(sink: sink, terminal: terminal, input: input, style: Style(colors: colors), restorer: restorer)
            .show({ Renderer(width: $0, colors: colors).page(page) }, links: page.references.count, alternate: page.alternate,
                  canGoBack: page.canGoBack, plain: { Renderer(width: self.terminal.width, colors: false).page(page) }, picture: picture)
    }

    /// A page's picture for the pager: its title, then the picture as rows of characters or as one
    /// block of a graphics protocol that takes the rows of its box.
    private static func draw(_ picture: PictureModel, in pictures: TerminalPictures, columns: Int, colors: Bool) -> PagePicture.Drawn? {
        let box = (columns: min(columns - 2, 40), rows: 10)
        let drawn = pictures.render(picture, columns: box.columns, rows: box.rows)
        guard !drawn.isEmpty else { return nil }
        let title = Style(colors: colors).dim(PrintableText.line(picture.altText))
        if pictures.drawsWithCharacters { return .init(lines: [title] + drawn.split(separator: "\n").map(String.init), heights: [:]) }
        return .init(lines: [title, String(drawn.dropLast(drawn.hasSuffix("\n") ? 1 : 0))], heights: [1: box.rows])
    }

    public func openInBrowser(_ address: String) async -> BrowserOutcome {
        await BrowserLauncher(environment: terminal.environment, input: input, restorer: restorer).open(address)
    }

    /// Asks the terminal to copy (OSC 52), which terminals and tmux (with set-clipboard) honour; inside
    /// tmux the text also goes to tmux's paste buffer.
    public func copyToClipboard(_ text: String) -> Bool {
        guard terminal.stdoutIsTTY else { return false }
        let line = PrintableText.line(text)
        sink.write("\u{1B}]52;c;" + Data(line.utf8).base64EncodedString() + "\u{07}", to: .standardOutput)
        if TmuxBuffer.isInside(terminal.environment) { TmuxBuffer.load(line) }
        return true
    }

    public func display(_ message: MessageModel) {
        write(renderer.message(message))
    }

    public func display(_ list: ShoppingListModel) {
        write(renderer.shoppingList(list))
    }

    /// The help, on the screen where it fits under the line typed and over the prompt, else in the pager.
    public func displayHelp() async {
        let lines = renderer.help()
        guard terminal.stdoutIsTTY, terminal.stdinIsTTY, lines.count > terminal.height - 2 else { return write(lines) }
        let colors = self.colors
        _ = await Pager(sink: sink, terminal: terminal, input: input, style: Style(colors: colors), restorer: restorer)
            .show({ Renderer(width: $0, colors: colors).help() }, links: 0, plain: { Renderer(width: self.terminal.width, colors: false).help() })
    }

    public func setActivity(_ activity: String?) {
        if let activity { spinner.start(activity) } else { spinner.stop() }
    }

    func write(_ lines: [String]) {
        let text = lines.joined(separator: "\n") + "\n"
        // Output while the spinner turns goes on a line of its own; the spinner draws again below it.
        spinner.clearLine()
        // A message that arrives while a line is being typed (a favorite finished saving) goes above it.
        if input.printAboveLine(text) { return }
        sink.write(text, to: .standardOutput)
    }
}
