import Glibc

/// A regular file's bytes, read through POSIX calls (Foundation's reader leaks a page on empty files),
/// at most `maxBytes`: opened without blocking, so a FIFO with no writer cannot hold the caller before
/// it is refused; a folder, a device or a socket is refused at once. Catalogs and their photos are read
/// this way; each caller words the failure for what it reads.
package enum BoundedFile {
    package enum Failure: Error {
        /// `open`, `fstat` or `read` failed with this `errno`.
        case system(Int32)
        case folder
        /// A FIFO, a device or a socket.
        case notRegular
        case tooLarge
    }

    package static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notRegular
        }
        guard status.st_size <= maxBytes else { throw .tooLarge }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < maxBytes else { throw .tooLarge }
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 1 << 16), maxBytes - bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                bytes.removeSubrange(filled...)
                return bytes
            } else if errno != EINTR {
                throw .system(errno)
            }
        }
    }
}
