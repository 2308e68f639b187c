import Foundation
public import Presenter

/// The read-eval-print loop: reads lines, turns them into commands, hands them to the Presenter.
/// Nothing typed can end it but `quit` or the end of input; on a terminal, Ctrl-C cancels the command
/// that is running.
@MainActor
public final class REPL {
    private let presenter: RecipesPresenter
    private let view: TerminalView
    /// The command running, where the Ctrl-C handler (on a queue of its own, so that it is heard while
    /// the main thread is busy drawing) can cancel it.
    private let running = RunningCommand()
    private var interrupts: (any DispatchSourceSignal)?
    /// Work put off until the session first waits for input with none typed ahead (the embedded
    /// server's catalog, opening the favorites): a session that ends at once never pays for it.
    private var whenIdle: (@Sendable () -> Void)?

    public init(presenter: RecipesPresenter, view: TerminalView, whenIdle: (@Sendable () -> Void)? = nil) {
        self.presenter = presenter
        self.view = view
        self.whenIdle = whenIdle
    }

    /// Runs `whenIdle` once, the first time nothing is waiting on stdin.
    private func startIdleWorkIfIdle() {
        guard let work = whenIdle else { return }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) == 0 else { return }
        whenIdle = nil
        work()
    }

    /// On a terminal: the greeting and the prompt, drawn before the rest of RecipeBook is built, so a
    /// session starts as soon as its View can. Keys typed before the first line is read wait in the
    /// terminal; what the session says before then (the last search) goes above the prompt.
    public static func greet(on view: TerminalView) {
        guard view.terminal.stdinIsTTY, !view.greeted else { return }
        view.greeted = true
        // On one line whatever the width: the hints that do not fit are left out, the last first.
        let name = "RecipeBook"
        let line = view.renderer.hints(Hints([name, "type ingredients (onions, garlic)", "? for help", "q to quit"]))
        view.write([Style(colors: view.colors).bold(name) + line.dropFirst(name.count)])
        // Ctrl-C cancels commands once they run (`catchInterrupts`); at the prompt it is a key.
        signal(SIGINT, SIG_IGN)
        view.input.showPrompt(prompt(on: view))
    }

    private static func prompt(on view: TerminalView) -> String {
        Style(colors: view.colors).bold("recipes> ")
    }

    public func run() async {
        let interactive = view.terminal.stdinIsTTY
        if interactive {
            Self.greet(on: view)
            presenter.start(lastSearch: lastSearch())
        } else {
            presenter.start()
        }
        defer {
            interrupts?.cancel()
            view.input.restoreTerminal()
        }
        let prompt = Self.prompt(on: view)
        startIdleWorkIfIdle()
        while let line = await view.input.readLine(prompt: prompt) {
            let command: Command
            do throws(InputError) {
                command = try CommandParser.parse(line)
            } catch {
                presenter.report(error)
                startIdleWorkIfIdle()
                continue
            }
            if command == .quit { break }
            if interactive, interrupts == nil { catchInterrupts() }
            let task = Task {
                await self.presenter.prepare()
                await self.presenter.perform(command)
            }
            running.set(task)
            await task.value
            running.set(nil)
            startIdleWorkIfIdle()
        }
        await presenter.finish()
    }

    /// The last search typed in an earlier session, from the history.
    private func lastSearch() -> (ingredients: [String], title: String)? {
        for line in view.input.earlierLines.reversed() {
            // A line that is not a command at all is just not a search.
            if case .search(let ingredients, let title)? = try? CommandParser.parse(line) { return (ingredients, title) }
        }
        return nil
    }

    /// On a terminal, Ctrl-C while a command runs cancels that command instead of the program. The
    /// signal is handled off the main thread, so a long screen being drawn is stopped too (drawing
    /// checks for cancellation as it goes). Set up before the first command runs, not before the first
    /// prompt: at the prompt the line editor reads Ctrl-C as a key, and SIGINT is ignored from the start.
    private func catchInterrupts() {
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "recipebook.interrupts"))
        let running = self.running
        source.setEventHandler { running.cancel() }
        source.resume()
        interrupts = source
    }
}

/// The task of the command running, shared with the interrupt handler (behind an NSLock, which the
/// thread sanitizer understands).
final class RunningCommand: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func set(_ running: Task<Void, Never>?) {
        lock.withLock { task = running }
    }

    func cancel() {
        lock.withLock { task }?.cancel()
    }
}
