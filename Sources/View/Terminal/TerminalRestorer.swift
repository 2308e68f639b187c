import Foundation
import Glibc

/// Gives the terminal back as RecipeBook found it, whatever way RecipeBook leaves: the REPL restores
/// it when it ends, and this does it when a signal ends the process (SIGTERM, SIGHUP, or SIGQUIT while
/// a command runs), which would otherwise leave the terminal with no echo and no line editing until
/// `stty sane`.
///
/// It remembers the terminal's mode the first time raw mode is entered, which program (a pager, a
/// text browser) holds the terminal meanwhile, and whether the built-in pager has the alternate screen
/// up. On a signal it ends that program's process group (SIGTERM, then SIGKILL if it is still there
/// after a second), takes the terminal back, leaves the alternate screen, puts the mode back, and ends
/// RecipeBook by the same signal, so the shell sees what ended it. SIGTSTP (and Ctrl-Z in the pager)
/// does the same but stops RecipeBook instead, and after SIGCONT (`fg`) puts RecipeBook's mode and
/// screen back for the pager to draw again, as less and vim do. The signals are handled on a thread of
/// their own, so a main thread busy drawing or waiting does not hold them up.
final class TerminalRestorer: @unchecked Sendable {
    /// The signals that end RecipeBook and are caught to put the terminal back first.
    static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT]

    private let lock = NSLock()
    // Guarded by `lock`.
    private var original: termios?
    private var childGroup: pid_t?
    private var alternate = false
    private var resumed = false
    /// Set once a signal is ending RecipeBook: the mode put back is the last word.
    private var ending = false
    private let descriptor: Int32

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// Remembers `mode` as the one to put back, the first time (later modes are RecipeBook's own, or
    /// what a pager left), and starts listening for the signals that end the process.
    func remember(_ mode: termios) {
        let first = lock.withLock {
            guard original == nil else { return false }
            original = mode
            return true
        }
        if first { listen() }
    }

    /// A program in process group `group` has been given the terminal.
    func childStarted(group: pid_t) {
        lock.withLock { childGroup = group }
    }

    /// That program has ended and the terminal is RecipeBook's again.
    func childEnded() {
        lock.withLock { childGroup = nil }
    }

    /// Runs `change`, a change of the terminal's mode, unless a signal is ending RecipeBook. A program
    /// holding the terminal that the signal ends gives the terminal back to the main thread, which would
    /// otherwise enter raw mode again while this puts the found mode back, and could come last.
    func changingMode(_ change: () -> Void) {
        lock.withLock { if !ending { change() } }
    }

    /// From here on no change of mode goes through `changingMode`: the terminal is being put back for good.
    func beginEnding() {
        lock.withLock { ending = true }
    }

    /// Whether the built-in pager has the terminal's alternate screen up.
    func alternateScreen(_ shown: Bool) {
        lock.withLock { alternate = shown }
    }

    /// True once after RecipeBook went on from being stopped: the screen is to be drawn again.
    func takeResumed() -> Bool {
        lock.withLock {
            defer { resumed = false }
            return resumed
        }
    }

    /// Ends a program holding the terminal, takes the terminal back, leaves the alternate screen and puts
    /// the terminal's mode back as found.
    func restore() {
        let (mode, group) = lock.withLock { (original, childGroup) }
        let shown: Bool = lock.withLock { alternate }
        if let group { end(group) }
        if shown { Self.writeOut("\u{1B}[?1049l") }
        guard var mode, isatty(descriptor) == 1 else { return }
        let previous = signal(SIGTTOU, SIG_IGN)
        // Taken back only from a program RecipeBook gave it to, never from the shell.
        if group != nil { tcsetpgrp(descriptor, getpgrp()) }
        // TCSANOW: a hung-up terminal drains nothing, and keys typed ahead stay for the shell.
        tcsetattr(descriptor, TCSANOW, &mode)
        signal(SIGTTOU, previous)
    }

    /// Stops RecipeBook as a shell job (Ctrl-Z), with the terminal as it was found while it is stopped;
    /// when it goes on, the mode it had and the alternate screen (if it was up) are put back, and
    /// `takeResumed` says so. A program holding the terminal gets Ctrl-Z itself and is not stopped here.
    func suspend() {
        guard lock.withLock({ childGroup }) == nil, isatty(descriptor) == 1 else { return }
        var current = termios()
        let hadMode = tcgetattr(descriptor, &current) == 0
        restore()
        let previous = signal(SIGTSTP, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &mask)
        // Sent to this thread, the stop takes the whole process before raise returns (sent to the
        // process, another thread could take it while this one went on drawing).
        raise(SIGTSTP)
        // Here again after SIGCONT.
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        signal(SIGTSTP, previous)
        let ignored = signal(SIGTTOU, SIG_IGN)
        if hadMode { tcsetattr(descriptor, TCSANOW, &current) }
        signal(SIGTTOU, ignored)
        lock.withLock { resumed = true }
        if lock.withLock({ alternate }) { Self.writeOut("\u{1B}[?1049h") }
    }

    private static func writeOut(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
    }

    /// Catches the ending signals: their handler only writes the signal's number into a pipe (all a
    /// signal handler may safely do), and a thread of its own reads it and does the rest.
    private func listen() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        signalPipe = descriptors[1]
        let readEnd = descriptors[0]
        Thread.detachNewThread { [self] in
            var number: UInt8 = 0
            while true {
                let count = read(readEnd, &number, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                if Int32(number) == SIGTSTP { suspend() } else { end(by: Int32(number)) }
            }
        }
        for number in TerminalRestorer.endingSignals + [SIGTSTP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Puts the terminal back, then lets `number` end the process as it would have.
    private func end(by number: Int32) {
        beginEnding()
        restore()
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        // Only if the signal could not end the process (it is blocked where it was raised).
        _exit(128 + number)
    }

    /// Asks process group `group` to end, and makes it after a second.
    private func end(_ group: pid_t) {
        kill(-group, SIGTERM)
        kill(-group, SIGCONT)
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline, lock.withLock({ childGroup }) != nil, kill(-group, 0) == 0 {
            usleep(10_000)
        }
        if lock.withLock({ childGroup }) != nil { kill(-group, SIGKILL) }
    }
}

/// Where the ending signals' handler writes their numbers: a C signal handler can reach nothing but
/// globals. Set once, before the handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1
