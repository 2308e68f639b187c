import PuppyCatalog
import ServiceSupport

/// The pantries `have=` named lately, as read: reading 30 names costs more than the rest of a ranked
/// page's answer, and a client asks for the same pantry page after page. At most `capacity` kept; a
/// full table starts again.
final class PantryRequests: Sendable {
    private struct Key: Hashable {
        var names: String
        var missing: Int
        var strict: Bool
    }

    private let requests = Locked<[Key: PantryRequest]>([:])
    private let capacity = 256

    func request(names: String, missing: Int, strict: Bool) -> PantryRequest {
        let key = Key(names: names, missing: missing, strict: strict)
        if let known = requests.withLock({ $0[key] }) { return known }
        let request = PantryRequest(names: names, missing: missing, strict: strict)
        requests.withLock { requests in
            if requests.count >= capacity { requests.removeAll(keepingCapacity: true) }
            requests[key] = request
        }
        return request
    }
}
