public import Foundation
import Glibc
public import ServiceSupport

/// Cache entries on disk, one file each, in a folder of their own: bounded in size, least recently
/// used evicted first, shared safely by every RecipeBook process using the folder.
///
/// - An entry is written to a temporary file and renamed over its name, so a reader sees the old entry
///   or the new one, never half of one. Readers take no lock.
/// - Writes and eviction hold the folder's lock (`CacheLock`); when the folder grows past `capacity`,
///   the least recently read or written entries are removed until it is at nine tenths of it.
/// - An entry that does not check out (damaged, truncated, too large, another user's or readable by
///   others, not a regular file) is never an error: it is nothing cached, and it is replaced.
/// - Files are 0600 and the folder 0700. Nothing expires by age: every entry knows when it was saved.
///
/// The store never fails a search: reads answer nil when they cannot answer, and writes throw
/// (`.storage`, `.tooLarge`) errors that callers may drop; the last one is kept in `usage()`.
public final class CacheStore: Sendable {
    public static let defaultCapacity = 20 << 20

    public let directory: URL
    /// The most the folder holds on disk, in bytes (allocated blocks of the entries and the lock file).
    public let capacity: Int
    /// The largest single entry, in bytes: a quarter of the capacity, so one entry cannot empty the cache.
    public let maxEntryBytes: Int
    private let time: any TimeSource
    private let lockWait: Duration
    /// Whether this store has counted the folder since it was made (the ledger left by an earlier run
    /// may have missed files), and the last write failure.
    private let state = Locked((counted: false, problem: ServiceError?.none))

    /// A store in `directory`, created (0700) on the first write. `lockWait` bounds how long a write
    /// waits for another process's write or eviction.
    public init(directory: URL, capacity: Int = CacheStore.defaultCapacity, time: any TimeSource = SystemTime(),
                lockWait: Duration = .seconds(2)) {
        self.directory = directory
        self.capacity = max(capacity, 0)
        self.maxEntryBytes = max(capacity, 0) / 4
        self.time = time
        self.lockWait = lockWait
    }

    // MARK: Reading

    /// The entry saved under `key`, or nil when there is none that checks out. Reading an entry makes
    /// it the most recently used.
    func read(_ key: String) -> CacheEntry? {
        let path = directory.appendingPathComponent(CacheFiles.entryName(for: key)).path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        // Missing, a link, unreadable: nothing cached. A write puts a good entry in its place.
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        guard CacheFiles.isTrustedEntry(info), Int(info.st_size) <= maxEntryBytes,
              let data = CacheFiles.read(descriptor, limit: maxEntryBytes),
              let entry = CacheEntry.decode(data, maxBytes: maxEntryBytes) else {
            discard(path, ifStill: info)
            return nil
        }
        // Another key with the same hash: a miss, and the entry stays for its own key.
        guard entry.key == key else { return nil }
        CacheFiles.setModified(descriptor, to: time.now())
        return entry
    }

    /// Removes the file at `path` if it is still the one that was read (and is not a folder, which only
    /// a writer, under the lock, removes).
    private func discard(_ path: String, ifStill read: stat) {
        var now = stat()
        guard lstat(path, &now) == 0, now.st_dev == read.st_dev, now.st_ino == read.st_ino,
              now.st_mode & S_IFMT != S_IFDIR else { return }
        unlink(path)
    }

    // MARK: Writing

    /// Saves `body` under `key`, stamped with the current time, which it returns.
    @discardableResult
    func write(_ key: String, body: Data) throws(ServiceError) -> Date {
        let savedAt = time.now()
        do throws(ServiceError) {
            guard let bytes = CacheEntry(key: key, savedAt: savedAt, body: body).encoded(maxBytes: maxEntryBytes) else {
                throw .tooLarge.with(detail: "a cache entry of \(body.count) bytes is over the limit of \(maxEntryBytes)")
            }
            try CacheFiles.prepareDirectory(directory)
            let lock = try CacheLock(directory: directory, wait: lockWait)
            let added = try place(bytes, named: CacheFiles.entryName(for: key), modified: savedAt)
            let counted = state.withLock { state in
                defer { state.counted = true }
                return state.counted
            }
            if counted, let ledger = lock.ledger() {
                let entries = max(0, ledger + added)
                lock.setLedger(entries)
                if entries + lock.charge() > capacity { evict(lock) }
            } else {
                evict(lock)
            }
            state.withLock { $0.problem = nil }
            return savedAt
        } catch {
            state.withLock { $0.problem = error }
            throw error
        }
    }

    /// Writes `bytes` to a temporary file and renames it to `name`; returns how much the folder grew
    /// (negative when a larger entry was replaced). Called under the lock.
    private func place(_ bytes: Data, named name: String, modified: Date) throws(ServiceError) -> Int {
        let temporary = directory.appendingPathComponent(CacheFiles.temporaryPrefix + "\(getpid())-\(UUID().uuidString)").path
        let target = directory.appendingPathComponent(name).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .storage.with(detail: "cannot write in \(directory.path): \(CacheFiles.lastError())")
        }
        fchmod(descriptor, 0o600)
        let written = CacheFiles.write(descriptor, bytes)
        CacheFiles.setModified(descriptor, to: modified)
        var info = stat()
        let stated = fstat(descriptor, &info) == 0
        close(descriptor)
        guard written, stated else {
            unlink(temporary)
            throw .storage.with(detail: "cannot write in \(directory.path): \(CacheFiles.lastError())")
        }
        var replaced = 0
        var old = stat()
        if lstat(target, &old) == 0 {
            if old.st_mode & S_IFMT == S_IFREG {
                replaced = CacheFiles.charge(old)
            } else if old.st_mode & S_IFMT == S_IFDIR {
                // A folder where the entry belongs: rename cannot replace it.
                CacheFiles.remove(target)
            }
        }
        guard rename(temporary, target) == 0 else {
            let reason = CacheFiles.lastError()
            unlink(temporary)
            throw .storage.with(detail: "cannot write \(target): \(reason)")
        }
        return CacheFiles.charge(info) - replaced
    }

    /// Counts the folder, removes leftovers of interrupted writes and misplaced entries, and when the
    /// folder is over its capacity removes the least recently used entries until it is at nine tenths
    /// of it. Called under the lock.
    private func evict(_ lock: CacheLock) {
        let scan = CacheFiles.scan(directory)
        // Every write happens under the lock we hold, so any temporary file is a crashed write's.
        for name in scan.temporaries + scan.misplaced {
            CacheFiles.remove(directory.appendingPathComponent(name).path)
        }
        var total = scan.total + lock.charge()
        if total > capacity {
            let target = capacity / 10 * 9
            let oldestFirst = scan.entries.sorted { lhs, rhs in
                (lhs.modified.tv_sec, lhs.modified.tv_nsec, lhs.name) < (rhs.modified.tv_sec, rhs.modified.tv_nsec, rhs.name)
            }
            for entry in oldestFirst where total > target {
                if CacheFiles.remove(directory.appendingPathComponent(entry.name).path) { total -= entry.charge }
            }
        }
        lock.setLedger(total - lock.charge())
    }

    // MARK: The whole cache

    /// Removes every entry. Files in the folder that are not the cache's are left alone.
    public func clear() throws(ServiceError) {
        var info = stat()
        guard stat(directory.path, &info) == 0 else { return }
        let lock = try CacheLock(directory: directory, wait: lockWait)
        let scan = CacheFiles.scan(directory)
        var left: [String] = []
        for name in scan.entries.map(\.name) + scan.misplaced + scan.temporaries
        where !CacheFiles.remove(directory.appendingPathComponent(name).path) {
            left.append(name)
        }
        lock.setLedger(0)
        guard left.isEmpty else {
            throw .storage.with(detail: "could not remove \(left.count) files from \(directory.path)")
        }
    }

    /// How full the cache is, counted now.
    public func usage() -> CacheUsage {
        let scan = CacheFiles.scan(directory)
        var lock = stat()
        let lockCharge = lstat(directory.appendingPathComponent(CacheLock.fileName).path, &lock) == 0 ? CacheFiles.charge(lock) : 0
        return CacheUsage(entries: scan.entries.count, bytes: scan.total + lockCharge, capacity: capacity,
                          lastProblem: state.withLock { $0.problem })
    }
}

/// How full the cache is.
public struct CacheUsage: Sendable, Equatable {
    public let entries: Int
    /// Bytes on disk: the entries and the lock file.
    public let bytes: Int
    public let capacity: Int
    /// Why the last write failed, when it did (the cache then answers with what it has).
    public let lastProblem: ServiceError?
}
