import Foundation
import Glibc
import Testing
import CSQLite
@testable import Services
import ServiceSupport

/// SQLite's failures told by what a person can do about them.
@Suite struct SQLiteFailures {
    static let path = "/tmp/favorites.sqlite"

    @Test(arguments: [
        (SQLITE_BUSY, Int32(0), ServiceError.storageBusy),
        (SQLITE_LOCKED, 0, .storageBusy),
        (SQLITE_READONLY, 0, .storageReadOnly),
        (SQLITE_FULL, 0, .storageFull),
        (SQLITE_IOERR | 19 << 8, ENOSPC, .storageFull),
        (SQLITE_IOERR | 19 << 8, EFBIG, .storageFull),
        (SQLITE_IOERR | 3 << 8, EDQUOT, .storageFull),
        (SQLITE_CANTOPEN, ENOSPC, .storageFull),
        (SQLITE_CORRUPT, 0, .storageCorrupt),
        (SQLITE_NOTADB, 0, .storageCorrupt),
        (SQLITE_IOERR | 1 << 8, EIO, .storage),
        (SQLITE_ERROR, 0, .storage),
    ])
    func eachFailureIsItsOwnKind(status: Int32, systemError: Int32, kind: ServiceError) {
        #expect(SQLiteDatabase.error(status, "message", path: Self.path, systemError: systemError) == kind)
    }

    @Test func noSpaceSaysWhichSpaceRanOut() {
        #expect(SQLiteDatabase.error(SQLITE_IOERR | 19 << 8, "disk I/O error", path: Self.path, systemError: ENOSPC).detail
                == "the disk is full; favorites.sqlite, SQLite 4874")
        #expect(SQLiteDatabase.error(SQLITE_IOERR | 3 << 8, "", path: Self.path, systemError: EDQUOT).detail.hasPrefix("the disk quota is used up;"))
        #expect(SQLiteDatabase.error(SQLITE_IOERR | 3 << 8, "", path: Self.path, systemError: EFBIG).detail
                .hasPrefix("the file size limit (ulimit -f) is reached;"))
        #expect(SQLiteDatabase.error(SQLITE_BUSY, "database is locked", path: Self.path).detail == "favorites.sqlite, SQLite 5")
    }
}
