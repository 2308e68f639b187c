import Foundation
import CSQLite
import ServiceSupport

/// A small SQLite wrapper: prepared statements with Int64, Double, text and blob bound and read
/// correctly, transactions, and errors that carry SQLite's own message. Not thread-safe: one owner
/// (the favorites store actor) uses it.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String

    /// How a database is opened.
    enum Access {
        /// Reading and writing; the file must exist unless `create`.
        case readWrite(create: Bool)
        /// Reading only, where nothing may be written (a read-only folder): `immutable` also lets SQLite
        /// do without the write-ahead log's shared-memory file it cannot create there.
        case readOnly(immutable: Bool)
    }

    /// Opens (creating if asked) the database at `path`.
    convenience init(path: String, create: Bool, busyTimeout: Duration = .seconds(5)) throws(ServiceError) {
        try self.init(path: path, access: .readWrite(create: create), busyTimeout: busyTimeout)
    }

    init(path: String, access: Access, busyTimeout: Duration = .seconds(5)) throws(ServiceError) {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX
        var name = path
        switch access {
        case .readWrite(let create):
            flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        case .readOnly(let immutable):
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            name = "file:\(escaped)?mode=ro" + (immutable ? "&immutable=1" : "")
        }
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(name, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            let systemError = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw SQLiteDatabase.error(status, message, path: path, systemError: systemError)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(clamping: Int64((busyTimeout.timeInterval * 1000).rounded())))
    }

    deinit {
        close()
    }

    func close() {
        guard let handle else { return }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(ServiceError) {
        guard let handle else { throw .storage.with(detail: "the database is closed") }
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteDatabase.error(status, text, path: path, systemError: sqlite3_system_errno(handle))
        }
    }

    /// Puts the file in write-ahead-log mode. Switching needs the file to itself, and SQLite answers
    /// "busy" at once, without its busy handler, while another connection holds it (another RecipeBook
    /// opening the same new file): it is asked again every 10 ms until `patience` has passed.
    func useWriteAheadLog(patience: Duration = .seconds(5)) throws(ServiceError) {
        guard let handle else { throw .storage.with(detail: "the database is closed") }
        let deadline = ContinuousClock.now + patience
        while true {
            let status = sqlite3_exec(handle, "PRAGMA journal_mode = WAL", nil, nil, nil)
            if status == SQLITE_OK { return }
            guard status & 0xFF == SQLITE_BUSY, ContinuousClock.now < deadline else {
                throw SQLiteDatabase.error(status, String(cString: sqlite3_errmsg(handle)), path: path, systemError: sqlite3_system_errno(handle))
            }
            usleep(10_000)
        }
    }

    func prepare(_ sql: String) throws(ServiceError) -> Statement {
        guard let handle else { throw .storage.with(detail: "the database is closed") }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw SQLiteDatabase.error(status, String(cString: sqlite3_errmsg(handle)), path: path, systemError: sqlite3_system_errno(handle))
        }
        return Statement(statement, database: self)
    }

    /// Runs `body` in a transaction that takes the write lock at once (`BEGIN IMMEDIATE`), so two
    /// processes saving at the same time wait for each other instead of failing half-way.
    func transaction<T>(_ body: () throws(ServiceError) -> T) throws(ServiceError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The body's error is the one to report. A failed ROLLBACK means SQLite already rolled the
            // transaction back itself (as it does on SQLITE_FULL or SQLITE_IOERR), so nothing is left open.
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Reads one integer (`PRAGMA user_version`, `SELECT count(*)`).
    func integer(_ sql: String) throws(ServiceError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int64(0)
    }

    var lastErrorMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
    }

    fileprivate func failure(_ status: Int32) -> ServiceError {
        SQLiteDatabase.error(status, lastErrorMessage, path: path, systemError: handle.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// The error for SQLite's `status`, told by what the person can do about it: a file that is not a
    /// database, another program holding the lock, no space left (`systemError`, the errno of SQLite's
    /// last failed system call, says so whichever step ran out: the file, its journal, or the
    /// shared-memory file a reader makes), a file that may not be written.
    static func error(_ status: Int32, _ message: String, path: String, systemError: Int32 = 0) -> ServiceError {
        let primary = status & 0xFF
        let name = URL(fileURLWithPath: path).lastPathComponent
        let detail = "\(message) (\(name), SQLite \(status))"
        if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB {
            return .storageCorrupt.with(detail: detail)
        }
        if primary == SQLITE_BUSY || primary == SQLITE_LOCKED {
            return .storageBusy.with(detail: "\(name), SQLite \(status)")
        }
        if primary == SQLITE_READONLY {
            return .storageReadOnly.with(detail: "\(path) cannot be written, SQLite \(status)")
        }
        // SQLITE_IOERR_WRITE, _FSYNC, _TRUNCATE, _SHMSIZE and _SHMMAP (extended codes; their macros do
        // not reach Swift): writing failed, which no space left explains.
        let writeFailures = Set([3, 4, 6, 19, 21].map { SQLITE_IOERR | Int32($0) << 8 })
        let knownErrno = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN ? systemError : 0
        if primary == SQLITE_FULL || writeFailures.contains(status) || [ENOSPC, EDQUOT, EFBIG].contains(knownErrno),
           let space = noSpace(at: path, systemError: systemError) ?? (primary == SQLITE_FULL ? "the disk is full" : nil) {
            return .storageFull.with(detail: "\(space); \(name), SQLite \(status)")
        }
        if writeFailures.contains(status) {
            return .storage.with(detail: "cannot write \(name): the disk may be full (SQLite \(status))")
        }
        return .storage.with(detail: detail)
    }

    /// Why there is no space to write beside `path`, when that is why: the errno of the failed write
    /// when SQLite kept it, else what the disk and the file-size limit say now (SQLite does not keep
    /// the errno of every failed write); nil when there seems to be room.
    static func noSpace(at path: String, systemError: Int32) -> String? {
        switch systemError {
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EFBIG: return "the file size limit (ulimit -f) is reached"
        default: break
        }
        var disk = statvfs()
        if statvfs(URL(fileURLWithPath: path).deletingLastPathComponent().path, &disk) == 0,
           UInt64(disk.f_bavail) * UInt64(disk.f_frsize) < 1 << 20 {
            return "the disk is full"
        }
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            return "the file size limit (ulimit -f) is reached"
        }
        return nil
    }

    /// A prepared statement. Bind with 1-based indexes, step, read columns with 0-based indexes.
    final class Statement {
        private var statement: OpaquePointer?
        private let database: SQLiteDatabase

        fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
            self.statement = statement
            self.database = database
        }

        deinit {
            sqlite3_finalize(statement)
        }

        @discardableResult
        func bind(_ values: [Value]) throws(ServiceError) -> Statement {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let status: Int32
                switch value {
                case .null:
                    status = sqlite3_bind_null(statement, index)
                case .integer(let number):
                    status = sqlite3_bind_int64(statement, index, number)
                case .real(let number):
                    status = sqlite3_bind_double(statement, index, number)
                case .text(let text):
                    // Bound with its byte count, so text with a NUL inside is kept whole.
                    let bytes = Array(text.utf8CString)
                    status = bytes.withUnsafeBufferPointer { characters in
                        sqlite3_bind_text64(statement, index, characters.baseAddress, sqlite3_uint64(text.utf8.count),
                                            SQLiteDatabase.transient, UInt8(SQLITE_UTF8))
                    }
                case .blob(let data):
                    status = data.withUnsafeBytes { bytes in
                        sqlite3_bind_blob64(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(data.count),
                                            SQLiteDatabase.transient)
                    }
                }
                guard status == SQLITE_OK else { throw database.failure(status) }
            }
            return self
        }

        /// Advances to the next row; false when there are no more.
        func step() throws(ServiceError) -> Bool {
            let status = sqlite3_step(statement)
            switch status {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw database.failure(status)
            }
        }

        /// Runs a statement that returns no rows.
        func run(_ values: [Value] = []) throws(ServiceError) {
            try bind(values)
            while try step() {}
        }

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

        func text(_ column: Int32) -> String? {
            guard let pointer = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        }

        func blob(_ column: Int32) -> Data? {
            guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return Data() }
            return Data(bytes: pointer, count: count)
        }
    }

    enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(Data)

        static func optional(_ text: String?) -> Value { text.map(Value.text) ?? .null }
        static func optional(_ data: Data?) -> Value { data.map(Value.blob) ?? .null }
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind call returns.
    fileprivate static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
