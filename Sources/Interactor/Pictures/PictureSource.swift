public import Entity
import Services
import ServiceSupport

/// Pictures fetched a moment ago, kept in memory for a while (within `budget` bytes, the least recently
/// used going first): a picture shown with `pic N` is saved with `fav N`, or shown again, without
/// asking its server a second time.
public actor RecentPictures {
    private var pictures: [String: RecipeImage] = [:]
    /// Addresses, the least recently used first.
    private var order: [String] = []
    private var bytes = 0
    private let budget: Int

    public init(budget: Int = 8 << 20) {
        self.budget = max(0, budget)
    }

    public func picture(at address: String) -> RecipeImage? {
        guard let picture = pictures[address] else { return nil }
        order.removeAll { $0 == address }
        order.append(address)
        return picture
    }

    public func remember(_ picture: RecipeImage, at address: String) {
        guard picture.bytes.count <= budget else { return }
        if let old = pictures.updateValue(picture, forKey: address) {
            bytes -= old.bytes.count
            order.removeAll { $0 == address }
        }
        order.append(address)
        bytes += picture.bytes.count
        while bytes > budget, !order.isEmpty {
            let oldest = order.removeFirst()
            bytes -= pictures.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
    }
}

/// Where the picture use cases get a picture's bytes: one fetched a moment ago, else the copy the cache
/// keeps (a picture at an address is taken not to change), else its server, once.
struct PictureSource: Sendable {
    let fetcher: any PageFetching
    let recent: RecentPictures?

    func picture(at address: String) async throws(ServiceError) -> RecipeImage {
        if let picture = await recent?.picture(at: address) { return picture }
        if let kept = fetcher.keptThumbnail(at: address) {
            await recent?.remember(kept, at: address)
            return kept
        }
        let fetched = try await fetcher.thumbnail(at: address)
        await recent?.remember(fetched, at: address)
        return fetched
    }
}
