import Foundation
import ServiceSupport

/// A response body gathered up to a cap on its decoded size, inflating gzip or deflate on the way and
/// stopping the moment the cap is passed.
final class BodyCollector {
    private let limit: Int
    private let inflater: Inflater?
    private(set) var body = Data()

    /// `contentEncodings`: every Content-Encoding value of the answer (none, `identity`, `gzip`,
    /// `x-gzip` or `deflate`; anything else cannot be read). `announcedLength` reserves room up front.
    init(contentEncodings: [String], limit: Int, announcedLength: Int?) throws(ServiceError) {
        self.limit = limit
        let format = try BodyCollector.format(contentEncodings)
        inflater = format.map(Inflater.init(format:))
        if format == nil, let announcedLength {
            body.reserveCapacity(min(announcedLength, limit))
        }
    }

    /// True when the body arrives compressed (and the Content-Length says nothing about its real size).
    var isEncoded: Bool { inflater != nil }

    func append(_ bytes: ArraySlice<UInt8>) throws(ServiceError) {
        var failure: ServiceError?
        bytes.withUnsafeBytes { raw in
            do throws(ServiceError) { try append(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    func append(_ raw: UnsafeRawBufferPointer) throws(ServiceError) {
        if let inflater {
            try inflater.inflate(raw) { (piece) throws(ServiceError) in try self.keep(piece, inflated: true) }
        } else {
            try keep(raw, inflated: false)
        }
    }

    /// The whole body, once its last byte has been appended.
    func finish() throws(ServiceError) -> Data {
        try inflater?.finish()
        return body
    }

    private func keep(_ piece: UnsafeRawBufferPointer, inflated: Bool) throws(ServiceError) {
        guard piece.count <= limit - body.count else {
            body = Data()
            throw .tooLarge.with(detail: inflated ? "the answer inflates to more than \(limit) bytes"
                                                  : "the answer is larger than \(limit) bytes")
        }
        body.append(contentsOf: piece)
    }

    /// The decoding for a list of Content-Encoding values.
    static func format(_ values: [String]) throws(ServiceError) -> Inflater.Format? {
        let codings = values.flatMap { $0.split(separator: ",") }.map { HTTPBytes.trimmed($0).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        switch codings {
        case []: return nil
        case ["gzip"], ["x-gzip"]: return .gzip
        case ["deflate"]: return .deflate
        default:
            throw .malformedBody.with(detail: "the body is encoded as \"\(codings.joined(separator: ", ").prefix(40))\", which RecipeBook cannot read")
        }
    }
}
