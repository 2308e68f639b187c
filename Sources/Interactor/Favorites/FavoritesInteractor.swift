public import Foundation
public import Entity
public import Services
public import ServiceSupport

/// The favorites use cases: save a whole recipe (page and picture too), remove it and put it back,
/// list and search favorites with numbers that stay with what was shown, and read them with no network.
public actor FavoritesInteractor: SavedPageProviding {
    /// The store, or why there is none (a damaged or too-new file), to say so when favorites are asked
    /// for; it may still be opening.
    private let opening: FavoritesOpening
    private let fetcher: any PageFetching
    /// Where pictures come from: fetched a moment ago (`pic N`), kept in the cache, else the network.
    private let pictures: PictureSource
    /// Pages just read online, reused when the recipe is saved.
    private let recentPages: RecentPages?
    private let time: any TimeSource
    private var screenSize: Int
    private var listing: FavoritesListing?
    /// Favorites removed in this session, whole, so that removing can be undone with nothing lost.
    private var removed: [RecipeID: Favorite] = [:]

    /// Decodes pictures before they are kept, and scales down those larger than `pictureSide`.
    private let decoder: ImageDecoder
    private let pictureSide: Int

    /// The longest side, in pixels, of a picture kept with a favorite. The terminal view never asks for
    /// a picture larger than 1024 × 1024 (`pic N` on a large terminal), so a favorite keeps no pixel a
    /// view could not show, and a picture read offline decodes from at most a megapixel.
    public static let keptPictureSide = 1024

    public init(store: FavoritesStore?, unavailable: ServiceError?, fetcher: any PageFetching, recentPages: RecentPages? = nil,
                recentPictures: RecentPictures? = nil, time: any TimeSource, screenSize: Int = 10, decoder: ImageDecoder = ImageDecoder(),
                pictureSide: Int = FavoritesInteractor.keptPictureSide) {
        let outcome: Result<FavoritesStore, ServiceError> = store.map { .success($0) }
            ?? .failure(unavailable ?? .storage.with(detail: "no favorites database"))
        self.init(opening: FavoritesOpening(outcome), fetcher: fetcher, recentPages: recentPages, recentPictures: recentPictures,
                  time: time, screenSize: screenSize, decoder: decoder, pictureSide: pictureSide)
    }

    /// With a store still being opened: nothing here waits for it before favorites are first needed.
    /// `recentPictures`: pictures fetched a moment ago, shared with the picture use case.
    public init(opening: FavoritesOpening, fetcher: any PageFetching, recentPages: RecentPages? = nil,
                recentPictures: RecentPictures? = nil, time: any TimeSource, screenSize: Int = 10, decoder: ImageDecoder = ImageDecoder(),
                pictureSide: Int = FavoritesInteractor.keptPictureSide) {
        self.opening = opening
        self.fetcher = fetcher
        self.pictures = PictureSource(fetcher: fetcher, recent: recentPictures)
        self.recentPages = recentPages
        self.time = time
        self.screenSize = max(1, screenSize)
        self.decoder = decoder
        self.pictureSide = max(1, pictureSide)
    }

    /// How many favorites a screen lists from the next first screen on.
    public func setScreenSize(_ size: Int) {
        screenSize = max(1, size)
    }

    /// Why favorites cannot be used this run (a damaged or too-new database); nil when they can. Waits
    /// for the database to be opened.
    public nonisolated func unavailableReason() async -> UseCaseError? {
        guard case .failure(let error) = await opening.store() else { return nil }
        return UseCaseError(error, during: .favorites)
    }

    // MARK: Saving

    /// Makes a recipe a favorite at once: its data is written before anything is fetched, so it counts
    /// (and is listed) from the moment this returns. What it still lacks (its page, its picture) is
    /// fetched by `completeMissing`. A recipe removed in this session comes back whole.
    public func star(_ recipe: Recipe) async throws(UseCaseError) -> StarOutcome {
        let store = try await requireStore()
        if let existing = try await query({ () throws(ServiceError) in try await store.favorite(recipe.id) }) {
            return .already(existing)
        }
        if let gone = try await restore(recipe.id) { return .restored(gone) }
        let favorite = Favorite(recipe: recipe, savedAt: time.now(), page: nil, thumbnail: nil)
        try await query { () throws(ServiceError) in try await store.save(favorite) }
        removed[recipe.id] = nil
        return .starred(favorite)
    }

    /// Saves a recipe with its page and picture: starred at once, then completed. The picture is the
    /// one the page's recipe names when there is one, else the thumbnail (see `keptPicture`). What
    /// cannot be fetched is left out and reported; the recipe is a favorite all the same. A recipe that
    /// is a favorite already keeps everything it has and only gets what it lacked.
    public func save(_ recipe: Recipe) async throws(UseCaseError) -> SaveReport {
        switch try await star(recipe) {
        case .already(let existing):
            return try await completeMissing(existing.recipe.id) ?? report(existing, wasFavorite: true, missing: [])
        case .restored(let favorite):
            return report(favorite, wasFavorite: false, missing: [])
        case .starred(let favorite):
            return try await completeMissing(recipe.id, justStarred: true) ?? report(favorite, wasFavorite: false, missing: [])
        }
    }

    /// Fetches what a favorite lacks (its page, its picture) and stores it; nil when the recipe is not
    /// a favorite (any more). `justStarred`: it was starred just now, and the report says it was saved.
    public func completeMissing(_ id: RecipeID, justStarred: Bool = false) async throws(UseCaseError) -> SaveReport? {
        let store = try await requireStore()
        guard let favorite = try await query({ () throws(ServiceError) in try await store.favorite(id) }) else { return nil }
        return try await complete(favorite, in: store, wasFavorite: !justStarred)
    }

    /// The favorites saved without their page or a picture they have, newest first.
    public func incomplete() async throws(UseCaseError) -> [RecipeID] {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) in try await store.incomplete() }
    }

    /// Fetches and stores what `favorite` lacks; nil when it stopped being a favorite meanwhile.
    private func complete(_ favorite: Favorite, in store: FavoritesStore, wasFavorite: Bool = true) async throws(UseCaseError) -> SaveReport? {
        let lacking = favorite.missing
        guard !lacking.isEmpty else { return report(favorite, wasFavorite: wasFavorite, missing: []) }
        let (page, picture) = await download(favorite.recipe, savedPage: favorite.page, page: lacking.contains(.page),
                                             picture: lacking.contains(.picture))
        // Abandoned (the favorite was removed while its parts were on their way): nothing is written, so
        // a favorite put back meanwhile stays as it was put back.
        guard !Task.isCancelled else { return nil }
        let stillAFavorite = try await query { () throws(ServiceError) in
            try await store.complete(favorite.recipe.id, page: page.value, thumbnail: picture.value)
        }
        guard stillAFavorite else { return nil }
        var completed = favorite
        completed.page = favorite.page ?? page.value
        completed.thumbnail = favorite.thumbnail ?? picture.value
        return report(completed, wasFavorite: wasFavorite, missing: [page.missing(.page), picture.missing(.picture)])
    }

    private func report(_ favorite: Favorite, wasFavorite: Bool, missing: [MissingPart?]) -> SaveReport {
        SaveReport(recipe: favorite.recipe, wasFavorite: wasFavorite, missing: missing.compactMap { $0 },
                   hasPage: favorite.page != nil, hasPicture: favorite.thumbnail != nil)
    }

    private struct Download<T: Sendable>: Sendable {
        let value: T?
        let error: UseCaseError?

        func missing(_ part: Favorite.Part) -> MissingPart? {
            error.map { MissingPart(part: part, error: $0) }
        }
    }

    /// What a favorite lacks, fetched: the page first when it is wanted, since the picture kept is the
    /// one its recipe names.
    private func download(_ recipe: Recipe, savedPage: RecipePage?, page wantPage: Bool,
                          picture wantPicture: Bool) async -> (Download<RecipePage>, Download<RecipeImage>) {
        var page = Download<RecipePage>(value: nil, error: nil)
        if wantPage {
            if let recent = await recentPages?.page(for: recipe.id) {
                page = Download(value: recent, error: nil)
            } else {
                do throws(ServiceError) {
                    page = Download(value: try await fetcher.page(at: recipe.href), error: nil)
                } catch {
                    page = Download(value: nil, error: UseCaseError(error, during: .saveFavorite))
                }
            }
        }
        guard wantPicture else { return (page, Download(value: nil, error: nil)) }
        let pageImage = (page.value ?? savedPage)?.recipe?.imageURL
        return (page, await keptPicture(of: recipe, pageImage: pageImage))
    }

    /// The picture to keep with `recipe`: the page's picture (`pageImage`) when its recipe names one,
    /// else the thumbnail, and the thumbnail too when the page's picture cannot be fetched or decoded.
    /// It is decoded before it is kept, within the decoder's bounds, and kept as fetched when its
    /// longest side is at most `pictureSide`, else scaled down to it and kept as PNG. Bytes that do not
    /// decode are never kept: the picture is missing, and the error of the last address tried says why.
    /// Runs off the actor: decoding and encoding take a while for a large photograph.
    private nonisolated func keptPicture(of recipe: Recipe, pageImage: String?) async -> Download<RecipeImage> {
        var addresses: [String] = []
        for address in [pageImage, recipe.thumbnail].compactMap({ $0 }) where !addresses.contains(address) {
            addresses.append(address)
        }
        var failure: UseCaseError?
        for address in addresses {
            do throws(ServiceError) {
                let fetched = try await pictures.picture(at: address)
                return Download(value: try decoder.keepable(fetched.bytes, maxSide: pictureSide).image, error: nil)
            } catch {
                failure = UseCaseError(error, during: .saveFavorite)
            }
        }
        return Download(value: nil, error: failure)
    }

    /// Removes a favorite and returns it as it was saved (so it can be put back); nil when the recipe
    /// was not a favorite.
    public func remove(_ id: RecipeID) async throws(UseCaseError) -> Favorite? {
        let store = try await requireStore()
        guard let favorite = try await query({ () throws(ServiceError) in try await store.favorite(id) }) else { return nil }
        _ = try await query { () throws(ServiceError) in try await store.remove(id) }
        removed[id] = favorite
        return favorite
    }

    /// Puts back a favorite removed in this session, whole and in its old place; nil when there is no
    /// such removed favorite.
    public func restore(_ id: RecipeID) async throws(UseCaseError) -> Favorite? {
        let store = try await requireStore()
        guard let favorite = removed[id] else { return nil }
        try await query { () throws(ServiceError) in try await store.save(favorite) }
        removed[id] = nil
        return favorite
    }

    // MARK: Listing

    /// The first screen of favorites, newest first; `words` searches title, ingredients and page text.
    /// Starts a new listing: numbers count from 1 again.
    public func firstScreen(matching words: String) async throws(UseCaseError) -> FavoritesScreen {
        let store = try await requireStore()
        let total = try await query { () throws(ServiceError) in try await store.count(matching: words) }
        var listing = FavoritesListing(words: words, total: total)
        let rows = try await query { [screenSize] () throws(ServiceError) in
            try await store.list(matching: words, after: nil, limit: screenSize + 1)
        }
        listing.append(Array(rows.prefix(screenSize)), isLast: rows.count <= screenSize)
        self.listing = listing
        return listing.screen(at: 0)
    }

    /// The screen after the one shown; nil at the end. Numbers go on from those shown before, and
    /// favorites removed meanwhile shift nothing.
    public func nextScreen() async throws(UseCaseError) -> FavoritesScreen? {
        guard var listing else { return try await firstScreen(matching: "") }
        if listing.current + 1 < listing.screens.count {
            return try await reread(listing.current + 1)
        }
        guard !listing.isExhausted, let last = listing.lastShown else { return nil }
        let store = try await requireStore()
        let rows = try await query { [screenSize, words = listing.words] () throws(ServiceError) in
            try await store.list(matching: words, after: last.summary.position, limit: screenSize + 1)
        }
        guard !rows.isEmpty else {
            listing.isExhausted = true
            self.listing = listing
            return nil
        }
        listing.append(Array(rows.prefix(screenSize)), isLast: rows.count <= screenSize)
        self.listing = listing
        return listing.screen(at: listing.screens.count - 1)
    }

    /// The screen before the one shown; nil on the first.
    public func previousScreen() async throws(UseCaseError) -> FavoritesScreen? {
        guard let listing, listing.current > 0 else { return nil }
        return try await reread(listing.current - 1)
    }

    /// The first screen of the listing shown, as shown before.
    public func backToFirstScreen() async throws(UseCaseError) -> FavoritesScreen {
        guard listing != nil else { return try await firstScreen(matching: "") }
        return try await reread(0)
    }

    /// The screen shown, again: favorites removed since are left out, numbers stay.
    public func currentScreen() async throws(UseCaseError) -> FavoritesScreen {
        guard let listing else { return try await firstScreen(matching: "") }
        return try await reread(listing.current)
    }

    private func reread(_ index: Int) async throws(UseCaseError) -> FavoritesScreen {
        let store = try await requireStore()
        guard var listing else { return try await firstScreen(matching: "") }
        let ids = listing.screens[index].map(\.summary.recipe.id)
        let now = try await query { () throws(ServiceError) in try await store.summaries(of: ids) }
        listing.screens[index] = listing.screens[index].compactMap { listed in
            now[listed.summary.recipe.id].map { ListedFavorite(number: listed.number, summary: $0) }
        }
        listing.current = index
        self.listing = listing
        return listing.screen(at: index)
    }

    /// The recipe shown under `number` on a favorites screen of this listing, whether or not it is
    /// still a favorite; nil when no favorite was shown under that number.
    public func listedRecipe(number: Int) -> (recipe: Recipe, isFavorite: Bool)? {
        guard let summary = listing?.summary(number: number) else { return nil }
        return (summary.recipe, removed[summary.recipe.id] == nil)
    }

    /// The favorite shown under `number`, whole; nil when no favorite was shown under that number or
    /// it has been removed since.
    public func favorite(number: Int) async throws(UseCaseError) -> Favorite? {
        guard let id = listing?.id(number: number) else { return nil }
        return try await favorite(id: id)
    }

    /// The favorite with this identity; nil when the recipe is not a favorite.
    public func favorite(id: RecipeID) async throws(UseCaseError) -> Favorite? {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) in try await store.favorite(id) }
    }

    public func savedPage(for id: RecipeID) async throws(UseCaseError) -> (page: RecipePage, savedAt: Date)? {
        guard case .success(let store) = await opening.store() else { return nil }
        guard let favorite = try await query({ () throws(ServiceError) in try await store.favorite(id) }), let page = favorite.page else {
            return nil
        }
        return (page, favorite.savedAt)
    }

    /// How many favorites there are (or match `words`).
    public func count(matching words: String = "") async throws(UseCaseError) -> Int {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) in try await store.count(matching: words) }
    }

    /// Favorites (or those matching `words`), whole, newest first, at most `limit` of them after
    /// `position` (nil: from the newest), for export: a batch at a time, so however many there are, only
    /// one batch of pages and pictures is in memory. `next` is where the next batch starts, nil after
    /// the last. A favorite removed meanwhile is left out.
    public func batch(matching words: String = "", after position: FavoriteSummary.Position?,
                      limit: Int) async throws(UseCaseError) -> (favorites: [Favorite], next: FavoriteSummary.Position?) {
        let store = try await requireStore()
        let size = max(1, limit)
        return try await query { () throws(ServiceError) in
            let summaries = try await store.list(matching: words, after: position, limit: size)
            var favorites: [Favorite] = []
            for summary in summaries {
                if let favorite = try await store.favorite(summary.recipe.id) { favorites.append(favorite) }
            }
            return (favorites, summaries.count == size ? summaries.last?.position : nil)
        }
    }

    // MARK: The store

    private func requireStore() async throws(UseCaseError) -> FavoritesStore {
        try await opening.requiredStore()
    }

    /// Runs a store query, its errors told as the use cases tell them.
    private func query<T: Sendable>(_ body: () async throws(ServiceError) -> T) async throws(UseCaseError) -> T {
        try await storeQuery(body)
    }
}

/// The favorites listing being shown: every screen shown so far with the numbers it was shown with.
struct FavoritesListing: Equatable {
    let words: String
    let total: Int
    var screens: [[ListedFavorite]] = []
    var current = 0
    var isExhausted = false
    /// Every favorite shown in this listing by its number, kept when it is removed.
    private var shown: [Int: FavoriteSummary] = [:]

    init(words: String, total: Int) {
        self.words = words
        self.total = total
    }

    var lastShown: ListedFavorite? { screens.last(where: { !$0.isEmpty })?.last }

    mutating func append(_ summaries: [FavoriteSummary], isLast: Bool) {
        let start = (lastShown?.number ?? 0) + 1
        let listed = summaries.enumerated().map { ListedFavorite(number: start + $0.offset, summary: $0.element) }
        for favorite in listed { shown[favorite.number] = favorite.summary }
        screens.append(listed)
        current = screens.count - 1
        isExhausted = isLast
    }

    func screen(at index: Int) -> FavoritesScreen {
        FavoritesScreen(words: words, index: index, favorites: screens[index], total: total,
                        isLast: index == screens.count - 1 && isExhausted)
    }

    func id(number: Int) -> RecipeID? {
        shown[number]?.recipe.id
    }

    func summary(number: Int) -> FavoriteSummary? {
        shown[number]
    }
}
