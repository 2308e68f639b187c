import Foundation
import Glibc
import ServiceSupport

/// The POSIX file work under the cache: a private folder, bounded reads, whole writes, sizes on disk,
/// and the list of entry files.
enum CacheFiles {
    static let entrySuffix = ".entry"
    static let temporaryPrefix = ".tmp-"
    /// At most this many names are looked at when the folder is counted.
    static let maxScannedNames = 200_000

    /// An entry file as found in the folder.
    struct Found {
        let name: String
        let charge: Int
        let modified: timespec
    }

    /// What a count of the folder found.
    struct Scan {
        var entries: [Found] = []
        /// Entry names held by something other than a regular file (a directory, a link, a socket).
        var misplaced: [String] = []
        var temporaries: [String] = []
        var total: Int { entries.reduce(0) { $0 + $1.charge } }
    }

    /// Creates `directory` (0700) if it is missing, and makes an existing one of ours 0700. A link to a
    /// folder is followed (a `~/.cache` on another disk is common).
    static func prepareDirectory(_ directory: URL) throws(ServiceError) {
        var info = stat()
        if stat(directory.path, &info) != 0 {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw .storage.with(detail: "cannot create \(directory.path): \(error.localizedDescription)")
            }
            guard stat(directory.path, &info) == 0 else {
                throw .storage.with(detail: "cannot create \(directory.path): \(lastError())")
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .storage.with(detail: "\(directory.path) is not a folder")
        }
        if info.st_mode & 0o777 != 0o700, info.st_uid == geteuid() {
            chmod(directory.path, 0o700)
        }
    }

    /// True for a regular file of this user's that nobody else may read or write.
    static func isTrustedEntry(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG && info.st_uid == geteuid() && info.st_mode & 0o077 == 0
    }

    /// What a file costs on disk: its allocated blocks, and never less than its size rounded up to a
    /// 4 KiB block (a file just written may not have its blocks counted yet).
    static func charge(_ info: stat) -> Int {
        let size = Int(info.st_size)
        return max((size + 4095) / 4096 * 4096, Int(info.st_blocks) * 512)
    }

    /// Reads the file open at `descriptor` to its end, or nil when it is longer than `limit` bytes or
    /// cannot be read.
    static func read(_ descriptor: Int32, limit: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return data }
            guard data.count + count <= limit else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Writes all of `data`; false on any failure.
    static func write(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// `UTIME_OMIT` from `<sys/stat.h>` (a macro Swift does not import): leave that time alone.
    private static let utimeOmit = (1 << 30) - 2

    /// Sets the file's modification time, which orders entries for eviction (least recently used first).
    static func setModified(_ descriptor: Int32, to date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let nanoseconds = Int((date.timeIntervalSince1970 - seconds) * 1e9)
        var times = [timespec(tv_sec: 0, tv_nsec: utimeOmit),
                     timespec(tv_sec: Int(seconds), tv_nsec: min(max(nanoseconds, 0), 999_999_999))]
        // A time that cannot be set leaves the entry older than it is: it is evicted a little early.
        _ = futimens(descriptor, &times)
    }

    /// The entry files, misplaced entry names and leftover temporary files in `directory`.
    static func scan(_ directory: URL) -> Scan {
        var scan = Scan()
        guard let folder = opendir(directory.path) else { return scan }
        defer { closedir(folder) }
        var seen = 0
        while seen < maxScannedNames, let record = readdir(folder) {
            seen += 1
            let name = withUnsafePointer(to: record.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasPrefix(temporaryPrefix) {
                scan.temporaries.append(name)
                continue
            }
            guard isEntryName(name) else { continue }
            var info = stat()
            guard lstat(directory.appendingPathComponent(name).path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFREG {
                scan.entries.append(Found(name: name, charge: charge(info), modified: info.st_mtim))
            } else {
                scan.misplaced.append(name)
            }
        }
        return scan
    }

    /// The name of the file holding `key`'s entry: the key's hash in hex.
    static func entryName(for key: String) -> String {
        let hex = String(FNV1a.hash(key.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + entrySuffix
    }

    static func isEntryName(_ name: String) -> Bool {
        guard name.hasSuffix(entrySuffix) else { return false }
        let stem = name.utf8.dropLast(entrySuffix.utf8.count)
        return stem.count == 16 && stem.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Removes whatever is at `path`, a folder with what it holds included. False when something stayed.
    @discardableResult
    static func remove(_ path: String) -> Bool {
        if unlink(path) == 0 || errno == ENOENT { return true }
        do {
            try FileManager.default.removeItem(atPath: path)
            return true
        } catch {
            return false
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
