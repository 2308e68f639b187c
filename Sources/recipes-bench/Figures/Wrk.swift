import Foundation

/// One wrk run against a server, rotating through realistic searches with a Lua script.
struct Wrk {
    struct Result: Sendable {
        let requestsPerSecond: Double
        let medianMilliseconds: Double
        let p99Milliseconds: Double
        let socketErrors: Int
        let badStatuses: Int
    }

    let executable: String
    let script: URL
    let connections: Int
    let threads: Int

    /// Writes the script that sends `paths` in turn and prints the figures on one line at the end.
    static func writeScript(paths: [String], into folder: TemporaryFolder) throws -> URL {
        let list = paths.map { "\"\($0)\"" }.joined(separator: ",\n    ")
        return try folder.write("""
            local paths = {
                \(list)
            }
            local prepared = {}
            local counter = 0

            init = function(args)
                for index, path in ipairs(paths) do
                    prepared[index] = wrk.format("GET", path)
                end
            end

            request = function()
                counter = counter + 1
                if counter > #prepared then counter = 1 end
                return prepared[counter]
            end

            done = function(summary, latency, requests)
                local errors = summary.errors
                io.write(string.format("BENCH-RESULT %d %d %d %d %d %d\\n", summary.duration, summary.requests,
                    math.floor(latency:percentile(50)), math.floor(latency:percentile(99)),
                    errors.connect + errors.read + errors.write + errors.timeout, errors.status))
            end

            """, to: "rotate.lua")
    }

    func run(port: UInt16, seconds: Int) throws -> Result {
        let arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "-s", script.path, "http://127.0.0.1:\(port)/"]
        let result = try ExternalTools.run(executable, arguments, timeout: .seconds(Int64(seconds) + 60))
        guard result.status == 0,
              let line = result.output.split(separator: "\n").first(where: { $0.hasPrefix("BENCH-RESULT ") }) else {
            throw BenchError("wrk failed (exit \(result.status)): \(result.output.suffix(500))")
        }
        let numbers = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard numbers.count == 6, numbers[0] > 0 else { throw BenchError("wrk printed an unexpected result: \(line)") }
        return Result(
            requestsPerSecond: numbers[1] / (numbers[0] / 1e6),
            medianMilliseconds: numbers[2] / 1000,
            p99Milliseconds: numbers[3] / 1000,
            socketErrors: Int(numbers[4]),
            badStatuses: Int(numbers[5])
        )
    }
}
