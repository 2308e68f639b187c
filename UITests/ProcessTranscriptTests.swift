import Foundation
import Glibc
import Testing
import TestSupport

/// The process runner the UI tests and the benchmark share: timestamped output, and no child left behind.
@Suite struct ProcessTranscripts {
    @Test func aTextIsTimedByTheReadThatBroughtItsEnd() throws {
        let child = try RunningProcess("/bin/sh", ["-c", "printf first; read line; printf second"], environment: [:])
        let first = try #require(child.outputTranscript.find("first", timeout: .seconds(20)))
        let answered = ContinuousClock.now
        child.write("go\n")
        let second = try #require(child.outputTranscript.find("second", after: first.end, timeout: .seconds(20)))
        #expect(first.arrivedAt <= answered)
        #expect(second.arrivedAt >= answered)
        #expect(second.arrivedAt >= child.started)
        #expect(child.finish(timeout: .seconds(20)).status == 0)
        #expect(try #require(child.outputEndedAt) >= second.arrivedAt)
    }

    @Test func aTextWrittenInTwoPartsIsFoundAndATextNeverWrittenIsNot() throws {
        let child = try RunningProcess("/bin/sh", ["-c", "printf 'padding rec'; read line; printf 'ipes> '"], environment: [:])
        #expect(child.outputTranscript.find("padding", timeout: .seconds(20)) != nil)
        child.write("go\n")
        #expect(child.outputTranscript.find("recipes> ", after: 3, timeout: .seconds(20))?.end == 17)
        #expect(child.outputTranscript.find("never written", timeout: .seconds(20)) == nil, "the output ended first")
        #expect(child.finish(timeout: .seconds(20)).status == 0)
    }

    /// Found as a test that failed only in the whole suite: a server run under `ulimit -n 48` inherited
    /// other tests' descriptors and had fewer than it was given.
    @Test func aProgramGetsNoDescriptorOfTheTestProcessBut0To2() throws {
        let held = open("/dev/null", O_RDONLY)  // without O_CLOEXEC, as other tests' sockets may be
        defer { close(held) }
        #expect(held > 2)
        let child = try RunningProcess("/bin/sh", ["-c", "ls /proc/$$/fd"], environment: [:])
        let result = child.finish(timeout: .seconds(20))
        #expect(result.status == 0)
        let descriptors = Set(result.output.split(whereSeparator: \.isNewline).map(String.init))
        #expect(descriptors == ["0", "1", "2"], "the shell holds \(descriptors.sorted())")
    }

    @Test func aProcessLetGoWhileRunningIsKilledAndReaped() throws {
        var child: RunningProcess? = try RunningProcess("/bin/sh", ["-c", "read line"], environment: [:])
        let pid = try #require(child?.pid)
        #expect(kill(pid, 0) == 0)
        child = nil
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func aTerminalSessionTellsWhenItsPromptAppeared() throws {
        let terminal = try PseudoTerminalProcess("/bin/sh", ["-c", "printf 'ready> '; read line"], environment: [:])
        let prompt = try #require(terminal.outputTranscript.find("ready> ", timeout: .seconds(20)))
        #expect(prompt.arrivedAt >= terminal.started)
        terminal.type("done\r")
        #expect(terminal.finish() == 0)
    }
}
