import Foundation
import Glibc

/// Programs the benchmark runs: found on PATH (and the sbin folders, where nginx lives), and for
/// wrk and nginx installed with apt-get when missing.
enum ExternalTools {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin"]
        return folders.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// wrk and nginx, installing them first when either is missing.
    static func wrkAndNginx() throws -> (wrk: String, nginx: String) {
        if let wrk = find("wrk"), let nginx = find("nginx") { return (wrk, nginx) }
        let command = "apt-get update && apt-get install -y wrk nginx"
        Console.message("wrk or nginx is missing: installing them with `\(command)` (this takes a minute)…")
        let shell = try ChildProcess("/bin/sh", ["-c", command + " >&2"], environment: ProcessInfo.processInfo.environment, wiring: .pipes)
        try shell.closeInput()
        let output = try shell.readToEnd(timeout: .seconds(600))
        let status = try shell.wait(timeout: .seconds(10))
        guard status == 0, let wrk = find("wrk"), let nginx = find("nginx") else {
            throw BenchError("could not install wrk and nginx with `\(command)` (exit \(status)): \(output.suffix(400))")
        }
        Console.message("installed wrk and nginx.")
        return (wrk, nginx)
    }

    /// Runs a program to the end and returns its exit status and output (stdout and stderr together).
    static func run(_ path: String, _ arguments: [String], timeout: Duration,
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (status: Int32, output: String) {
        let child = try ChildProcess(path, arguments, environment: environment, wiring: .pipes)
        try child.closeInput()
        let output = try child.readToEnd(timeout: timeout)
        return (try child.wait(timeout: .seconds(10)), output)
    }
}
