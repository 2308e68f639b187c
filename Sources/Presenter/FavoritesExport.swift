public import Foundation
import Entity
public import Interactor
import TextSafety

/// A favorite as `recipes favorites --json` prints it: the search keys plus what was saved, and the
/// recipe read from its page under `recipe` (null when none was found or the page was not saved).
public struct FavoriteRecord: Encodable, Sendable, Equatable {
    public let recipe: RecipeRecord
    /// ISO 8601, UTC.
    public let savedAt: String
    public let pageText: String?
    public let thumbnailBytes: Int
    public let pageRecipe: PageRecipeRecord?

    enum CodingKeys: String, CodingKey {
        case savedAt = "saved_at", pageText = "page_text", thumbnailBytes = "thumbnail_bytes", pageRecipe = "recipe"
    }

    public func encode(to encoder: any Encoder) throws {
        try recipe.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(savedAt, forKey: .savedAt)
        try container.encode(pageText, forKey: .pageText)
        try container.encode(thumbnailBytes, forKey: .thumbnailBytes)
        try container.encode(pageRecipe, forKey: .pageRecipe)
    }

    /// The page's text printable (`TerminalText`, lines kept) whatever the store gave: a favorite
    /// saved by an older RecipeBook kept the page's escape sequences.
    init(number: Int, favorite: Favorite) {
        recipe = RecipeRecord(ListedRecipe(number: number, recipe: favorite.recipe, isFavorite: true))
        savedAt = ISO8601DateFormatter().string(from: favorite.savedAt)
        pageText = favorite.page.map { TerminalText.block($0.document.plainText) }
        thumbnailBytes = favorite.thumbnail?.bytes.count ?? 0
        pageRecipe = favorite.page?.recipe.map { PageRecipeRecord($0, address: favorite.recipe.href) }
    }
}

/// What `recipes favorites` came to.
public enum FavoritesOutcome: Sendable, Equatable {
    case found([FavoriteRecord], cards: [RecipeCard])
    case empty(MessageModel)
    case failed(MessageModel)
}

/// What `recipes favorites --export FILE.md` came to: one line either way.
public enum ExportOutcome: Sendable, Equatable {
    /// What was written where.
    case written(MessageModel)
    case failed(MessageModel)
}

/// The favorites one-shot mode and the Markdown cookbook.
@MainActor
public final class FavoritesExportPresenter {
    private let favorites: FavoritesInteractor
    private let messages = Messages(mode: .oneShot)
    /// Favorites read from the store at a time: their pages and pictures are in memory together.
    static let batchSize = 20

    public init(favorites: FavoritesInteractor) {
        self.favorites = favorites
    }

    public func list(matching words: String) async -> FavoritesOutcome {
        do throws(UseCaseError) {
            var records: [FavoriteRecord] = []
            var cards: [RecipeCard] = []
            var position: FavoriteSummary.Position?
            repeat {
                let batch = try await favorites.batch(matching: words, after: position, limit: FavoritesExportPresenter.batchSize)
                for favorite in batch.favorites {
                    let number = records.count + 1
                    records.append(FavoriteRecord(number: number, favorite: favorite))
                    cards.append(ScreenFormatter.card(ListedRecipe(number: number, recipe: favorite.recipe, isFavorite: true)))
                }
                position = batch.next
            } while position != nil
            guard !records.isEmpty else { return .empty(messages.noFavorites(matching: words)) }
            return .found(records, cards: cards)
        } catch {
            return .failed(messages.error(error))
        }
    }

    /// The favorites (or those matching `words`) as a Markdown cookbook to be written at `path`, with
    /// their pictures in the folder beside it; read a batch at a time as it is written.
    public func cookbook(matching words: String, exportPath path: String) -> Cookbook {
        Cookbook(favorites: favorites, words: words, picturesFolder: Cookbook.picturesFolder(forExportAt: path), messages: messages)
    }

    /// The cookbook for standard output (`--export -`): with no folder beside it, each picture is a link
    /// to the address it came from.
    public func cookbookForStandardOutput(matching words: String) -> Cookbook {
        Cookbook(favorites: favorites, words: words, picturesFolder: nil, messages: messages)
    }

    /// Writes the favorites (or those matching `words`) as a Markdown cookbook at `path` through
    /// `files`, a batch at a time, with their pictures in the folder beside it. The cookbook takes the
    /// place of what was at `path` only once it is whole; a path that is not a new file or a regular
    /// file is refused before anything is written.
    public func export(matching words: String, to path: String, through files: FileExport) async -> ExportOutcome {
        let folder = Cookbook.picturesFolder(forExportAt: path)
        let cookbook = Cookbook(favorites: favorites, words: words, picturesFolder: folder, messages: messages)
        let file: ExportFile
        do throws(UseCaseError) {
            file = try files.begin(at: path, picturesFolder: folder)
        } catch {
            return .failed(messages.error(error))
        }
        do throws(UseCaseError) {
            while let chunk = await cookbook.next() {
                try file.append(chunk.markdown)
                for picture in chunk.pictures {
                    try file.addPicture(named: picture.fileName, bytes: picture.bytes)
                }
            }
            if let problem = cookbook.problem {
                file.abandon()
                return .failed(problem)
            }
            return .written(messages.exported(cookbook.count, to: try file.finish()))
        } catch {
            file.abandon()
            return .failed(messages.error(error))
        }
    }
}

/// A piece of the cookbook: Markdown to append to the file, and the pictures its lines link to.
public struct CookbookChunk: Sendable, Equatable {
    public let markdown: String
    public let pictures: [CookbookPicture]
}

/// A favorite's picture as the cookbook links it: `picturesFolder/fileName`, beside the Markdown file.
public struct CookbookPicture: Sendable, Equatable {
    /// Lower-case ASCII letters, digits and `-`, then a `.` and the extension of the picture's type:
    /// never empty, `.` or `..`, never holding a `/`; unique within the cookbook.
    public let fileName: String
    public let bytes: Data
}

/// The favorites as a Markdown cookbook, a batch of favorites at a time, so that however many there
/// are, one batch of pages and pictures is in memory: `next()` gives the heading first, then a chunk
/// for each batch, then nil. Each favorite is a section with its title, picture, source, yield, total
/// time, ingredients by group and numbered steps with the method's section headings; one whose page
/// holds no recipe gets the search result's ingredients and a note.
@MainActor
public final class Cookbook {
    /// The folder beside the Markdown file that the pictures go in: `FILE-images` for `FILE.md`; nil
    /// for a cookbook on standard output, whose pictures are links to where they came from.
    public let picturesFolder: String?
    /// Favorites given so far.
    public private(set) var count = 0
    /// Why the cookbook stopped before its end, if it did.
    public private(set) var problem: MessageModel?
    private let favorites: FavoritesInteractor
    private let words: String
    private let messages: Messages
    private var started = false
    private var finished = false
    private var position: FavoriteSummary.Position?
    /// The file names given so far, without their extensions.
    private var stems: Set<String> = []

    init(favorites: FavoritesInteractor, words: String, picturesFolder: String?, messages: Messages) {
        self.favorites = favorites
        self.words = words
        self.picturesFolder = picturesFolder
        self.messages = messages
    }

    /// The folder name for the pictures of a cookbook written at `path`: its file name without its
    /// extension, then `-images`.
    public static func picturesFolder(forExportAt path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return (name.isEmpty || name == "/" ? "cookbook" : name) + "-images"
    }

    /// The next piece of the cookbook; nil at the end, or when favorites cannot be read (`problem`
    /// says why).
    public func next() async -> CookbookChunk? {
        guard !finished else { return nil }
        do throws(UseCaseError) {
            guard started else {
                started = true
                let total = try await favorites.count(matching: words)
                return CookbookChunk(markdown: CookbookMarkdown.header(count: total, words: words), pictures: [])
            }
            let batch = try await favorites.batch(matching: words, after: position, limit: FavoritesExportPresenter.batchSize)
            position = batch.next
            finished = batch.next == nil
            var markdown = ""
            var pictures: [CookbookPicture] = []
            for favorite in batch.favorites {
                let link: String?
                if let picturesFolder {
                    let picture = self.picture(of: favorite)
                    if let picture { pictures.append(picture) }
                    link = picture.map { CookbookMarkdown.pictureLink(folder: picturesFolder, fileName: $0.fileName) }
                } else {
                    link = Cookbook.webPicture(of: favorite)
                }
                markdown += CookbookMarkdown.recipe(favorite, picture: link)
                count += 1
            }
            return CookbookChunk(markdown: markdown, pictures: pictures)
        } catch {
            finished = true
            problem = messages.error(error)
            return nil
        }
    }

    /// Where the favorite's picture came from, as a link: the recipe's picture, else its thumbnail; only
    /// an `http` or `https` address (nil for none).
    static func webPicture(of favorite: Favorite) -> String? {
        [favorite.page?.recipe?.imageURL, favorite.recipe.thumbnail].compactMap { $0 }.first { address in
            let lower = address.lowercased()
            return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && !address.contains(where: { $0 == " " || $0 == ")" || $0 == "(" })
        }
    }

    /// The favorite's saved picture under a name of its own, when it has one of a type a Markdown
    /// reader shows.
    private func picture(of favorite: Favorite) -> CookbookPicture? {
        guard let image = favorite.thumbnail, !image.bytes.isEmpty,
              let type = image.contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              let fileExtension = ["image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"][type] else { return nil }
        let slug = Cookbook.slug(favorite.recipe.title)
        var base = slug
        var suffix = 1
        while stems.contains(base) {
            suffix += 1
            base = "\(slug)-\(suffix)"
        }
        stems.insert(base)
        let name = base + "." + fileExtension
        return CookbookPicture(fileName: name, bytes: image.bytes)
    }

    /// A file name made of a title: ASCII letters (accents dropped) and digits, lower-case, words joined
    /// by `-`, at most 60 characters; `recipe` when nothing is left.
    static func slug(_ title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug.append("-")
            }
            if slug.count >= 60 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "recipe" : slug.lowercased()
    }
}
