import Entity
import Foundation
import Testing
import TestSupport
@testable import Services
import ServiceSupport

@Suite("Pictures made fit to keep")
struct PictureKeepingTests {
    let decoder = ImageDecoder()

    @Test(arguments: [
        ("baseline JPEG", PictureFixtures.baselineJPEG, "image/jpeg"),
        ("palette PNG", PictureFixtures.palettePNG, "image/png"),
        ("lossy WebP", PictureFixtures.lossyWebP, "image/webp"),
    ])
    func aPictureWithinTheBoundIsKeptAsItCameWithTheTypeItsBytesSay(name: String, data: Data, type: String) throws {
        let kept = try decoder.keepable(data, maxSide: 32)
        #expect(kept.image.bytes == data, "\(name)")
        #expect(kept.image.contentType == type)
        #expect(!kept.wasScaled)
        #expect(kept.width == 32 && kept.height == 32)
    }

    @Test func aLargerPictureIsScaledToFitAndKeptAsPNG() throws {
        let photo = PictureFixtures.flatGreyJPEG(width: 3000, height: 2000)
        let kept = try decoder.keepable(photo, maxSide: 1024)
        #expect(kept.wasScaled)
        #expect(kept.sourceWidth == 3000 && kept.sourceHeight == 2000)
        #expect(kept.width == 1024 && kept.height == 683)
        #expect(kept.image.contentType == "image/png")
        #expect(kept.image.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let back = try decoder.decode(kept.image.bytes, maxWidth: 4096, maxHeight: 4096)
        #expect(back.width == 1024 && back.height == 683)
        #expect(near(back.pixel(x: 500, y: 300), (128, 128, 128), tolerance: 2))
    }

    @Test func aScaledPictureKeepsWhatItShows() throws {
        let kept = try decoder.keepable(PictureFixtures.palettePNG, maxSide: 16)
        #expect(kept.wasScaled)
        let back = try decoder.decode(kept.image.bytes, maxWidth: 64, maxHeight: 64)
        #expect(back.width == 16 && back.height == 16)
        for (centre, colour) in zip(quadrantCentres(back), PictureFixtures.quadrantColours) {
            #expect(near(back.pixel(x: centre.x, y: centre.y), colour, tolerance: 0))
        }
    }

    @Test(arguments: [
        ("truncated JPEG", PictureFixtures.baselineJPEG.prefix(60)),
        ("GIF", PictureFixtures.gif),
        ("animated WebP", PictureFixtures.animatedWebP),
        ("an HTML page", Data("<!DOCTYPE html><html><body>Not found</body></html>".utf8)),
        ("three bytes", Data([1, 2, 3])),
        ("a decompression bomb", PictureFixtures.zeroPNG(width: 20_000, height: 20_000)),
    ])
    func whatDoesNotDecodeIsNeverKept(name: String, data: Data) {
        #expect(throws: ServiceError.self, "\(name)") { try decoder.keepable(data, maxSide: 1024) }
    }
}
