import Glibc

/// The photos a catalog's recipes name in `photo` and `thumb`, as bytes the server answers with: for
/// the bundled cookbook the files of its pack, for a catalog file the files beside it, read when the
/// catalog is loaded. A recipe whose photo is an address, or that has none, has no bytes here.
public struct CatalogPhotos: Sendable {
    /// One photo's bytes and what kind of image they are.
    public struct Photo: Sendable {
        /// `image/jpeg`, `image/png` or `image/webp`.
        public let contentType: String
        private let storage: Storage
        /// Where the bytes lie in a file the process keeps open, when they do (the bundled cookbook's
        /// photos, in the binary itself): a server sends them from there with sendfile(2).
        public let file: FileSpan?

        private enum Storage: @unchecked Sendable {
            case bytes([UInt8])
            // The pack's bytes are read-only for the life of the process (see `TarFiles`).
            case packed(UnsafeRawBufferPointer)
        }

        package init(bytes: [UInt8], contentType: String) {
            storage = .bytes(bytes)
            self.contentType = contentType
            file = nil
        }

        init(packed: UnsafeRawBufferPointer, contentType: String, file: FileSpan?) {
            storage = .packed(packed)
            self.contentType = contentType
            self.file = file
        }

        /// The photo's bytes (a photo of the pack is copied out of it).
        public var bytes: [UInt8] {
            switch storage {
            case .bytes(let bytes): bytes
            case .packed(let packed): Array(packed)
            }
        }

        public var count: Int {
            switch storage {
            case .bytes(let bytes): bytes.count
            case .packed(let packed): packed.count
            }
        }
    }

    /// A range of bytes of a file held open for the life of the process.
    public struct FileSpan: Sendable, Hashable {
        public let descriptor: Int32
        public let offset: Int
        public let count: Int
    }

    private enum Store: Sendable {
        case none
        case pack(TarFiles)
        case loaded([String: Photo])
    }

    private let store: Store

    /// The largest photo a catalog file may name: 4 MB (a photo for a terminal is a few tens of kB).
    public static let maxPhotoBytes = 4 << 20

    public static let none = CatalogPhotos(store: .none)

    package static func pack(_ files: TarFiles) -> CatalogPhotos { CatalogPhotos(store: .pack(files)) }

    package static func loaded(_ photos: [String: Photo]) -> CatalogPhotos { CatalogPhotos(store: .loaded(photos)) }

    private init(store: Store) {
        self.store = store
    }

    /// The recipe's photo at full size, or nil when it has none the server holds.
    public func picture(for recipe: CatalogRecipe) -> Photo? {
        recipe.photo.flatMap(photo(named:))
    }

    /// The recipe's photo at thumbnail size (the full one when the catalog has no smaller one).
    public func thumbnail(for recipe: CatalogRecipe) -> Photo? {
        (recipe.thumb ?? recipe.photo).flatMap(photo(named:))
    }

    private func photo(named name: String) -> Photo? {
        switch store {
        case .none:
            return nil
        case .pack(let files):
            // Read in place: no copy of the bytes until someone asks for them as an array.
            guard let span = files.span(name), let packed = files.file(name), let type = Self.imageType(Array(packed.prefix(12))) else {
                return nil
            }
            let file = files.location.map { FileSpan(descriptor: $0.descriptor, offset: $0.offset + span.lowerBound, count: span.count) }
            return Photo(packed: packed, contentType: type, file: file)
        case .loaded(let photos):
            return photos[name]
        }
    }

    /// `image/jpeg`, `image/png` or `image/webp` from the bytes' signature; nil for anything else.
    package static func imageType(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// Whether a catalog's `photo` or `thumb` names a file beside the catalog rather than an address.
    package static func isFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !(lower.hasPrefix("http://") || lower.hasPrefix("https://"))
    }

    /// Reads the photo file `name` in `folder` for a catalog file: a regular file of at most
    /// `maxPhotoBytes` whose bytes are a JPEG, PNG or WebP image. Throws the reason in a few words.
    package static func read(_ name: String, in folder: String) throws(PhotoProblem) -> Photo {
        let path = name.hasPrefix("/") ? name : folder + "/" + name
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: maxPhotoBytes)
        } catch {
            switch error {
            case .system(let code): throw PhotoProblem("cannot be read (\(String(cString: strerror(code))))")
            case .folder, .notRegular: throw PhotoProblem("is not a regular file")
            case .tooLarge: throw PhotoProblem("is larger than \(maxPhotoBytes >> 20) MB, the most a photo may be")
            }
        }
        guard let type = imageType(bytes) else { throw PhotoProblem("is not a JPEG, PNG or WebP image") }
        return Photo(bytes: bytes, contentType: type)
    }

    /// Why a photo was left out, in a few words (`is not a JPEG, PNG or WebP image`).
    package struct PhotoProblem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
