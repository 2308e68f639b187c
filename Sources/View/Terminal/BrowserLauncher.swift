import Foundation
import Glibc
import Presenter

/// Opens an address in the person's web browser: the first command of `$BROWSER` (a list separated by
/// `:`, `%s` standing for the address, else the address is added at the end) found on the PATH, else
/// `xdg-open`. A text browser (lynx, w3m, links, elinks, browsh) gets the terminal as the pager does;
/// any other runs in a session of its own with nothing to read or write, and counts as opened unless
/// it fails within a second.
@MainActor
struct BrowserLauncher {
    let environment: [String: String]
    let input: any LineReading
    /// Knows a text browser while it holds the terminal.
    var restorer: TerminalRestorer?

    static let textBrowsers: Set<String> = ["lynx", "w3m", "links", "elinks", "browsh", "www-browser"]

    func open(_ address: String) async -> BrowserOutcome {
        guard let command = command(for: address) else { return .noBrowser }
        if BrowserLauncher.textBrowsers.contains(command.program) {
            input.restoreTerminal()
            let started = await ForegroundChild.run(["/bin/sh", "-c", command.line], input: nil, restorer: restorer)
            input.resumeTerminal()
            return started ? .opened(program: command.program) : .failed(program: command.program, reason: "it could not be started")
        }
        return await BrowserLauncher.detached(command)
    }

    /// The command line to run and its program's name; nil when no browser is set or installed.
    func command(for address: String) -> (line: String, program: String)? {
        let quoted = "'" + address.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let choices = environment["BROWSER"].map { $0.split(separator: ":").map(String.init) } ?? []
        for choice in choices + ["xdg-open"] {
            let choice = choice.trimmingWhitespace()
            guard let program = choice.split(separator: " ").first.map(String.init), isInstalled(program) else { continue }
            let line = choice.contains("%s") ? choice.replacingOccurrences(of: "%s", with: quoted) : choice + " " + quoted
            return (line, URL(fileURLWithPath: program).lastPathComponent)
        }
        return nil
    }

    private func isInstalled(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// Starts the browser in a session of its own and waits a second for a quick failure.
    private static func detached(_ command: (line: String, program: String)) async -> BrowserOutcome {
        guard let pid = DetachedChild.spawn(["/bin/sh", "-c", command.line]) else {
            return .failed(program: command.program, reason: "it could not be started")
        }
        let status = await exitStatus(of: pid, within: .seconds(1))
        switch status {
        case nil, 0?: return .opened(program: command.program)
        case let code?: return .failed(program: command.program, reason: "exit status \(code)")
        }
    }

    /// The exit status if the child ends within `limit`; otherwise nil, and it is reaped when it ends.
    private static func exitStatus(of pid: pid_t, within limit: Duration) async -> Int32? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
            Thread.detachNewThread {
                let deadline = ContinuousClock.now + limit
                var status: Int32 = 0
                while ContinuousClock.now < deadline {
                    let result = waitpid(pid, &status, WNOHANG)
                    if result == pid {
                        continuation.resume(returning: status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
                        return
                    }
                    if result < 0, errno != EINTR {
                        continuation.resume(returning: nil)
                        return
                    }
                    usleep(20_000)
                }
                continuation.resume(returning: nil)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
        }
    }
}
