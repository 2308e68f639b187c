import Glibc

/// The photos a catalog's recipes name in `photo` and `thumb`, as bytes the server answers with: for
/// the bundled cookbook the files of its pack, for a catalog file the files beside it, read when the
/// catalog is loaded. A recipe whose photo is an address, or that has none, has no bytes here.
public struct CatalogPhotos: Sendable {
    /// One photo's bytes and what kind of image they are.
    public struct Photo: Sendable, Hashable {
        public let bytes: [UInt8]
        /// `image/jpeg`, `image/png` or `image/webp`.
        public let contentType: String
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
            guard let bytes = files.file(name).map(Array.init), let type = Self.imageType(bytes) else { return nil }
            return Photo(bytes: bytes, contentType: type)
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
