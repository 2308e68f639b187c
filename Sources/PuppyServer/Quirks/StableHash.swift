/// Deterministic decisions: FNV-1a over text, mixed with the seed by SplitMix64's finalizer.
/// Never Swift's `Hasher`, which is seeded per process.
struct StableHash: Sendable {
    private(set) var state: UInt64

    init(seed: UInt64) {
        state = Self.mix(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    /// FNV-1a of the text's UTF-8.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    func adding(_ value: UInt64) -> StableHash {
        var copy = self
        copy.state = Self.mix(state ^ value)
        return copy
    }

    func adding(_ value: Int) -> StableHash {
        adding(UInt64(bitPattern: Int64(value)))
    }

    func adding(_ text: String) -> StableHash {
        adding(Self.fnv1a(text))
    }

    /// A value in `0..<bound`.
    func roll(_ bound: Int) -> Int {
        Int(state % UInt64(max(bound, 1)))
    }

    /// A second, independent roll from the same inputs.
    func roll(_ bound: Int, draw: Int) -> Int {
        adding(draw).roll(bound)
    }

    /// A value in `0..<1`.
    var unit: Double {
        Double(state >> 11) / Double(UInt64(1) << 53)
    }
}

/// What each decision is about, so the same inputs never drive two different choices.
enum Decision: UInt64 {
    case padding = 1, paddingStyle, entities, entityForm, thumbnail
    case troubleSlot, troubleKind, duplicates, duplicatePick, duplicateSlot, duplicateVariant
    case malformedStyle, latency, tracking
}

extension StableHash {
    func adding(_ decision: Decision) -> StableHash {
        adding(decision.rawValue)
    }
}
