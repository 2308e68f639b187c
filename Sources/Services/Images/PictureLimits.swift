import ServiceSupport
/// How much a picture may ask of the decoder. Whatever the input, decoding stays within these bounds
/// (about 100 MB of memory at most with the defaults) or fails with `ServiceError.pictureUnavailable`.
public struct PictureLimits: Sendable, Equatable {
    /// The largest file accepted.
    public var maxInputBytes = 16 << 20
    /// The most pixels a picture may declare. Large pictures decode scaled down, row by row, so this
    /// bounds time rather than memory.
    public var maxDeclaredPixels = 100_000_000
    /// The longest side a PNG may declare.
    public var maxSide = 65_535
    /// The most pixels of a picture that can only be decoded whole (a lossless WebP; an interlaced
    /// PNG that is not reduced at least by half), at four bytes each.
    public var maxWholePixels = 12_000_000
    /// What libjpeg may allocate for itself (a progressive JPEG keeps all its coefficients).
    public var jpegMemoryBytes = 64 << 20
    /// The most scans a progressive JPEG may have, and corrupt-data warnings a JPEG may raise.
    public var maxJPEGScans = 200
    public var maxJPEGWarnings = 100
    /// The most bytes a PNG's image data may inflate to. Memory does not grow with it (rows are read
    /// one batch at a time) but time does: zlib inflates a bomb's runs at about 170 MB/s here.
    public var maxPNGInflatedBytes = 160 << 20
    /// The most a single ancillary PNG chunk may take in memory.
    public var maxPNGChunkBytes = 1 << 20

    public init() {}
}
