import View

/// Where the benchmark writes: results on stdout, progress and problems on stderr.
enum Console {
    private static let streams = StandardStreams()

    static func output(_ text: String) {
        streams.write(text + "\n", to: .standardOutput)
    }

    static func message(_ text: String) {
        streams.write("recipes-bench: " + text + "\n", to: .standardError)
    }
}
