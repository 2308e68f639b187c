import Glibc

/// Where the benchmark writes: results on stdout, progress and problems on stderr.
enum Console {
    static func output(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    static func message(_ text: String) {
        write("recipes-bench: " + text + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
