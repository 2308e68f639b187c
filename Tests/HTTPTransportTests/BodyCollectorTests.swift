import Foundation
import Testing
import TestSupport
@testable import HTTPTransport
import ServiceSupport

/// Bodies gathered under a cap, compressed or not, fed whole and one byte at a time.
@Suite struct BodyCollectorTests {
    static let text = Data(String(repeating: "Shakshuka with eggs, tomatoes and onions. ", count: 200).utf8)

    func collect(_ data: Data, encodings: [String], limit: Int = 1 << 20, pieceSize: Int? = nil) -> Result<Data, ServiceError> {
        do throws(ServiceError) {
            let collector = try BodyCollector(contentEncodings: encodings, limit: limit, announcedLength: nil)
            let bytes = [UInt8](data)
            let size = max(1, pieceSize ?? bytes.count)
            var start = 0
            while start < bytes.count {
                try collector.append(bytes[start..<min(bytes.count, start + size)])
                start += size
            }
            return .success(try collector.finish())
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [
        (CompressedBody.Format.gzip, "gzip"), (.gzip, "x-gzip"), (.gzip, "GZIP"), (.zlib, "deflate"), (.rawDeflate, "deflate"),
        (.zlib, "gzip"),
    ] as [(CompressedBody.Format, String)])
    func compressedBodiesInflateWholeAndByteByByte(format: CompressedBody.Format, encoding: String) throws {
        let compressed = CompressedBody.compress(BodyCollectorTests.text, format)
        #expect(compressed.count < BodyCollectorTests.text.count)
        #expect(try collect(compressed, encodings: [encoding]).get() == BodyCollectorTests.text)
        #expect(try collect(compressed, encodings: [encoding], pieceSize: 1).get() == BodyCollectorTests.text)
    }

    @Test func gzipMembersOneAfterAnotherAreOneBody() throws {
        let twice = CompressedBody.compress(Data("first ".utf8)) + CompressedBody.compress(Data("second".utf8))
        #expect(try collect(twice, encodings: ["gzip"]).get() == Data("first second".utf8))
    }

    @Test func identityAndNoEncodingAreTheBytesAsTheyCame() throws {
        #expect(try collect(BodyCollectorTests.text, encodings: []).get() == BodyCollectorTests.text)
        #expect(try collect(BodyCollectorTests.text, encodings: ["identity"]).get() == BodyCollectorTests.text)
    }

    @Test func aBodyOverTheCapStopsAtTheCap() throws {
        #expect(throws: ServiceError.tooLarge) { try collect(BodyCollectorTests.text, encodings: [], limit: 100).get() }
        #expect(try collect(BodyCollectorTests.text, encodings: [], limit: BodyCollectorTests.text.count).get() == BodyCollectorTests.text)
    }

    @Test func aDecompressionBombStopsAtTheCapWithoutInflatingTheRest() throws {
        let bomb = CompressedBody.zeros(256 << 20)
        #expect(bomb.count < 1 << 20)
        let collector = try BodyCollector(contentEncodings: ["gzip"], limit: 1 << 20, announcedLength: nil)
        var failure: ServiceError?
        var fed = 0
        for start in stride(from: 0, to: bomb.count, by: 4096) {
            do throws(ServiceError) {
                try collector.append([UInt8](bomb[start..<min(bomb.count, start + 4096)])[...])
                fed = start + 4096
            } catch {
                failure = error
                break
            }
        }
        #expect(failure == .tooLarge)
        #expect(failure?.detail.contains("inflates to more than 1048576 bytes") == true)
        #expect(fed < 16 * 1024, "stopped after \(fed) of \(bomb.count) compressed bytes")
        #expect(collector.body.count <= 1 << 20)
    }

    @Test func damagedOrCutCompressedBodiesAreMalformed() {
        let compressed = CompressedBody.compress(BodyCollectorTests.text)
        #expect(throws: ServiceError.malformedBody) { try collect(compressed.prefix(compressed.count - 12), encodings: ["gzip"]).get() }
        #expect(throws: ServiceError.malformedBody) { try collect(Data("not gzip at all".utf8), encodings: ["gzip"]).get() }
        #expect(throws: ServiceError.malformedBody) { try collect(compressed + Data("trailing".utf8), encodings: ["gzip"]).get() }
        let zlib = CompressedBody.compress(BodyCollectorTests.text, .zlib)
        #expect(throws: ServiceError.malformedBody) { try collect(zlib + Data([0]), encodings: ["deflate"]).get() }
    }

    @Test func anEmptyCompressedBodyIsEmpty() throws {
        #expect(try collect(Data(), encodings: ["gzip"]).get().isEmpty)
        #expect(try collect(Data(), encodings: ["deflate"]).get().isEmpty)
    }

    @Test(arguments: [["br"], ["gzip, gzip"], ["gzip", "deflate"], ["compress"], ["zstd"]])
    func encodingsRecipeBookCannotReadAreRefused(encodings: [String]) {
        #expect(throws: ServiceError.malformedBody) { try BodyCollector(contentEncodings: encodings, limit: 10, announcedLength: nil) }
    }
}
