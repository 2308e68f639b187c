import Foundation
import Glibc
import Testing
import TestSupport

/// However RecipeBook ends, the terminal is left as it was found: echo and line editing on, and no
/// program of RecipeBook's still holding it.
@Suite struct TerminalRestored {
    /// Whether process `pid` has ended (gone, or a zombie nobody has reaped yet).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state == "Z" || state == "X"
    }

    /// The processes whose parent is `pid`.
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let fields = stat.split(separator: ")").last?.split(separator: " ") else { return false }
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalAtThePromptLeavesTheTerminalAsItWasFound(signal: Int32) throws {
        try TemporaryDirectory.withSync { home in
            let terminal = try PseudoTerminalProcess.recipes(["--no-cache"], home: home)
            #expect(terminal.enter("favorites", expecting: "No favorites yet") != nil)
            #expect(terminal.modes()?.isCooked == false, "the line editor has the terminal raw")
            terminal.signal(signal)
            #expect(terminal.finish() == 128 + signal, "ended by the signal")
            #expect(terminal.modes()?.isCooked == true)
        }
    }

    /// A program RecipeBook gave the terminal to (a pager, a text browser) that changed its modes: on
    /// SIGTERM it is ended, and the terminal is taken back and put back as found.
    @Test(arguments: ["pager", "browser"])
    func aSignalWhileAProgramHoldsTheTerminalEndsItAndPutsTheTerminalBack(holder: String) async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                let pidFile = home.appendingPathComponent("holder.pid")
                // Raw, no echo, then it waits on the terminal for ever, as a program in use would.
                let script = "stty raw -echo </dev/tty; echo $$ > '\(pidFile.path)'; printf 'HOLDER READY\\n' >/dev/tty; exec sleep 600"
                var extra: [String: String] = [:]
                let command: String
                if holder == "pager" {
                    extra["PAGER"] = "cat >/dev/null; " + script
                    command = "o 1"
                } else {
                    // A text browser (named as one) gets the terminal as the pager does.
                    let bin = home.appendingPathComponent("bin")
                    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
                    let lynx = bin.appendingPathComponent("lynx")
                    try TestScript.write("#!/bin/sh\n\(script)\n", to: lynx)
                    extra["PATH"] = bin.path + ":/usr/bin:/bin"
                    extra["BROWSER"] = "lynx"
                    command = "w 1"
                }
                // Under a shell that stays, as at a real prompt: the session's leader does not end with
                // RecipeBook, so nothing but RecipeBook ends the holder or gives the terminal back.
                let shell = "\"$0\" \"$@\"; echo \"RECIPES ENDED $?\"; exec sleep 60"
                let terminal = try PseudoTerminalProcess("/bin/sh", ["-c", shell, BinaryRunner.url(of: "recipes").path,
                                                                     "--api", server.apiURL.absoluteString, "--no-cache"],
                                                         environment: BinaryRunner.environment(home: home, extra: extra))
                #expect(terminal.enter("garlic", expecting: "Recipes 1–10") != nil)
                let recipes = try #require(Self.children(of: terminal.pid).first)
                let mark = terminal.bytes.count
                terminal.type(command + "\r")
                #expect(terminal.waitFor("HOLDER READY", after: mark))
                let holderPID = try #require(Int32((try String(contentsOf: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
                kill(recipes, SIGTERM)
                #expect(terminal.waitFor("RECIPES ENDED \(128 + SIGTERM)", after: mark))
                #expect(Self.hasEnded(holderPID), "the \(holder) was left running")
                #expect(terminal.modes()?.isCooked == true)
                terminal.signal(SIGKILL)
                _ = terminal.finish()
                if !Self.hasEnded(holderPID) { kill(holderPID, SIGKILL) }
            }
        }
    }
}
