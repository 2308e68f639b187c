import Foundation
import Glibc
import ServiceSupport

/// The cache folder's write lock, shared by every process using the folder: an exclusive `flock` on
/// its `lock` file, taken within a bounded wait. The same file holds the ledger, the folder's size on
/// disk as the last writer left it, so a write need not count the whole folder.
///
/// `flock` belongs to the open file, so two stores in one process exclude each other exactly as two
/// processes do. The kernel drops the lock when its holder dies.
final class CacheLock {
    static let fileName = "lock"
    private static let ledgerMagic = Array("RBCL".utf8)

    private let descriptor: Int32

    /// Takes the lock of `directory`, waiting at most `wait`; throws `.storageBusy` when another holds it
    /// that long, `.storage` when it cannot be taken at all.
    init(directory: URL, wait: Duration) throws(ServiceError) {
        let path = directory.appendingPathComponent(CacheLock.fileName).path
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0, errno == EISDIR || errno == ELOOP {
            // A directory or a link where the lock file belongs: not ours to keep.
            CacheFiles.remove(path)
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard descriptor >= 0 else {
            throw .storage.with(detail: "cannot open \(path): \(CacheFiles.lastError())")
        }
        fchmod(descriptor, 0o600)
        let deadline = ContinuousClock.now + wait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                guard reason == EWOULDBLOCK else { throw .storage.with(detail: "cannot lock \(path): \(CacheFiles.lastError())") }
                throw .storageBusy.with(detail: "\(directory.path), locked for longer than \(wait)")
            }
            usleep(2_000)
        }
        self.descriptor = descriptor
    }

    deinit {
        // Closing the file releases the lock.
        close(descriptor)
    }

    /// The folder's size as the ledger has it, or nil when the ledger is missing or damaged.
    func ledger() -> Int? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, 0) }
        guard count == 16, Array(bytes[0..<4]) == CacheLock.ledgerMagic, bytes[4..<8].allSatisfy({ $0 == 0 }) else { return nil }
        let value = bytes[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// Writes the ledger. A ledger that cannot be written is found damaged next time, and the folder
    /// is counted again.
    func setLedger(_ bytes: Int) {
        var record = CacheLock.ledgerMagic + [0, 0, 0, 0]
        withUnsafeBytes(of: UInt64(max(0, bytes)).littleEndian) { record.append(contentsOf: $0) }
        _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 16, 0) }
    }

    /// The lock file's own size on disk.
    func charge() -> Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? CacheFiles.charge(info) : 0
    }
}
