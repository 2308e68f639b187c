import Entity
import Foundation
import Testing
import TestSupport
@testable import Services
import ServiceSupport

/// True when every channel is within `tolerance`.
func near(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)?, _ colour: (red: UInt8, green: UInt8, blue: UInt8),
          alpha: UInt8 = 255, tolerance: Int) -> Bool {
    guard let pixel else { return false }
    return abs(Int(pixel.red) - Int(colour.red)) <= tolerance && abs(Int(pixel.green) - Int(colour.green)) <= tolerance
        && abs(Int(pixel.blue) - Int(colour.blue)) <= tolerance && abs(Int(pixel.alpha) - Int(alpha)) <= tolerance
}

/// The centres of the four quadrants of a picture.
func quadrantCentres(_ image: PixelImage) -> [(x: Int, y: Int)] {
    [(image.width / 4, image.height / 4), (image.width * 3 / 4, image.height / 4),
     (image.width / 4, image.height * 3 / 4), (image.width * 3 / 4, image.height * 3 / 4)]
}

/// The grey ImageMagick makes of each quadrant colour (Rec. 709 luma of sRGB red, green, blue, yellow).
private let quadrantGreys: [UInt8] = [54, 182, 18, 237]

@Suite("Image decoder")
struct ImageDecoderTests {
    let decoder = ImageDecoder()

    @Test(arguments: [
        ("baseline JPEG", PictureFixtures.baselineJPEG, 12),
        ("progressive JPEG", PictureFixtures.progressiveJPEG, 24),
        ("CMYK JPEG", PictureFixtures.cmykJPEG, 24),
        ("palette PNG", PictureFixtures.palettePNG, 0),
        ("interlaced PNG", PictureFixtures.interlacedPNG, 0),
        ("lossy WebP", PictureFixtures.lossyWebP, 24),
        ("lossless WebP", PictureFixtures.losslessWebP, 0),
    ])
    func everyFormatDecodesToTheSameQuadrants(name: String, data: Data, tolerance: Int) throws {
        let image = try decoder.decode(data)
        #expect(image.width == 32 && image.height == 32, "\(name)")
        for (centre, colour) in zip(quadrantCentres(image), PictureFixtures.quadrantColours) {
            let pixel = image.pixel(x: centre.x, y: centre.y)
            #expect(near(pixel, colour, tolerance: tolerance), "\(name) at \(centre): \(String(describing: pixel))")
        }
    }

    @Test(arguments: [("grey JPEG", PictureFixtures.grayJPEG, 6), ("16-bit grey PNG", PictureFixtures.gray16PNG, 2)])
    func greyPicturesComeOutAsGreyRGBA(name: String, data: Data, tolerance: Int) throws {
        let image = try decoder.decode(data)
        for (centre, grey) in zip(quadrantCentres(image), quadrantGreys) {
            let pixel = image.pixel(x: centre.x, y: centre.y)
            #expect(near(pixel, (grey, grey, grey), tolerance: tolerance), "\(name) at \(centre): \(String(describing: pixel))")
        }
    }

    @Test(arguments: [PictureFixtures.transparentPNG, PictureFixtures.transparentWebP])
    func transparencyIsKept(data: Data) throws {
        let image = try decoder.decode(data)
        #expect(image.pixel(x: 4, y: 4)?.alpha == 0)
        #expect(near(image.pixel(x: 28, y: 4), (0, 255, 0), tolerance: 24))
        #expect(near(image.pixel(x: 28, y: 28), (255, 255, 0), tolerance: 24))
    }

    @Test(arguments: [
        (PictureFixtures.baselineJPEG, 12), (PictureFixtures.interlacedPNG, 0), (PictureFixtures.palettePNG, 0),
        (PictureFixtures.lossyWebP, 24), (PictureFixtures.losslessWebP, 0),
    ])
    func picturesShrinkToTheBoxAsTheyDecode(data: Data, tolerance: Int) throws {
        // 8×8: the interlaced PNG comes from its last pass, the JPEG from libjpeg's 2/8 scale.
        for (box, size) in [((8, 8), 8), ((16, 4), 4), ((12, 100), 12)] {
            let image = try decoder.decode(data, maxWidth: box.0, maxHeight: box.1)
            #expect(image.width == size && image.height == size, "box \(box) gave \(image.width)×\(image.height)")
            for (centre, colour) in zip(quadrantCentres(image), PictureFixtures.quadrantColours) {
                #expect(near(image.pixel(x: centre.x, y: centre.y), colour, tolerance: tolerance), "box \(box) at \(centre)")
            }
        }
    }

    @Test func theAspectRatioIsKeptAndSmallPicturesAreNotEnlarged() throws {
        let wide = PictureFixtures.flatGreyJPEG(width: 300, height: 100)
        let unscaled = try decoder.decode(wide)
        #expect((unscaled.width, unscaled.height) == (300, 100))
        let scaled = try decoder.decode(wide, maxWidth: 30, maxHeight: 30)
        #expect((scaled.width, scaled.height) == (30, 10))
        let tall = try decoder.decode(PictureFixtures.zeroPNG(width: 10, height: 1000), maxWidth: 64, maxHeight: 64)
        #expect((tall.width, tall.height) == (1, 64))
    }

    @Test func aFiftyMegapixelJPEGDecodesSmall() throws {
        let data = PictureFixtures.flatGreyJPEG(width: 8660, height: 5774)
        let image = try decoder.decode(data)
        #expect((image.width, image.height) == (1024, 683))
        #expect(image.rgba.count == 1024 * 683 * 4)
        #expect(near(image.pixel(x: 512, y: 300), (128, 128, 128), tolerance: 1))
    }

    @Test func aPNGBombDecodesSmallRowByRow() throws {
        // 4000×4000 pixels (64 MB as RGBA) from a 100 KB file.
        let data = PictureFixtures.zeroPNG(width: 4000, height: 4000)
        #expect(data.count < 120_000)
        let image = try decoder.decode(data)
        #expect((image.width, image.height) == (1024, 1024))
        #expect(near(image.pixel(x: 1000, y: 1000), (0, 0, 0), tolerance: 0))
    }

    @Test(arguments: [
        ("a JPEG declaring 65500×65500", PictureFixtures.flatGreyJPEG(width: 65_500, height: 65_500).prefix(200), "megapixels"),
        ("a JPEG declaring 9000×9000 with a few bytes of data",
         PictureFixtures.flatGreyJPEG(width: 9000, height: 9000).prefix(200), "ends before the picture does"),
        ("a PNG declaring 20000×20000", PictureFixtures.zeroPNG(width: 20_000, height: 20_000).prefix(100), "megapixels"),
        ("a PNG declaring 5000×5000 with ten rows of data",
         PictureFixtures.png(width: 5000, height: 5000, idat: PictureFixtures.zlibZeros(count: 10 * 15_001)), "image data"),
        ("a PNG declaring 0×10", PictureFixtures.png(width: 0, height: 10, idat: []), "IHDR"),
        ("a lossless WebP declaring 16383×16383", losslessWebPHeader(width: 16_383, height: 16_383), "megapixels"),
        ("a JPEG that is only its first marker", Data([0xFF, 0xD8, 0xFF]), ""),
        ("a PNG that is only its signature", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "ends before"),
    ])
    func hostilePicturesFailClearly(name: String, data: Data, reason: String) {
        do {
            let image = try decoder.decode(data)
            Issue.record("\(name) decoded to \(image.width)×\(image.height)")
        } catch {
            #expect(error == .pictureUnavailable, "\(name): \(error)")
            #expect(error.description.hasPrefix("picture unavailable: "))
            #expect(reason.isEmpty || error.detail.contains(reason), "\(name): \(error.detail)")
        }
    }

    @Test func aCancelledTaskStopsBetweenRows() async {
        let data = PictureFixtures.zeroPNG(width: 4000, height: 4000)
        let task = Task { () throws(ServiceError) -> PixelImage in
            withUnsafeCurrentTask { $0?.cancel() }
            return try ImageDecoder().decode(data)
        }
        await #expect(throws: ServiceError.cancelled) { try await task.value }
    }

    @Test func gifAndOtherFormatsAreUnsupported() {
        #expect(throws: ServiceError.unsupportedPicture) { try decoder.decode(PictureFixtures.gif) }
        #expect(throws: ServiceError.unsupportedPicture) { try decoder.decode(PictureFixtures.animatedWebP) }
        #expect(throws: ServiceError.unsupportedPicture) { try decoder.decode(Data("<html>".utf8)) }
        #expect(throws: ServiceError.unsupportedPicture) { try decoder.decode(Data()) }
        do {
            _ = try decoder.decode(PictureFixtures.gif)
        } catch {
            #expect(error.description == "unsupported picture format: GIF; RecipeBook shows JPEG, PNG and WebP")
        }
    }

    @Test func inputOverTheByteLimitIsRefusedBeforeDecoding() {
        var limits = PictureLimits()
        limits.maxInputBytes = 1000
        let decoder = ImageDecoder(limits: limits)
        #expect(throws: ServiceError.pictureUnavailable) { try decoder.decode(PictureFixtures.flatGreyJPEG(width: 800, height: 800)) }
        #expect(throws: Never.self) { try decoder.decode(PictureFixtures.baselineJPEG) }
    }

    @Test func everyLimitIsHonoured() {
        /// Why the picture was refused under the changed limits; nil when it decoded.
        func refusal(_ data: Data, _ change: (inout PictureLimits) -> Void) -> String? {
            var limits = PictureLimits()
            change(&limits)
            do {
                _ = try ImageDecoder(limits: limits).decode(data)
                return nil
            } catch {
                return error == .pictureUnavailable ? error.detail : "\(error)"
            }
        }
        #expect(refusal(PictureFixtures.baselineJPEG) { $0.maxDeclaredPixels = 1000 }?.contains("megapixels") == true)
        #expect(refusal(PictureFixtures.palettePNG) { $0.maxDeclaredPixels = 1000 }?.contains("megapixels") == true)
        #expect(refusal(PictureFixtures.lossyWebP) { $0.maxDeclaredPixels = 1000 }?.contains("megapixels") == true)
        #expect(refusal(PictureFixtures.losslessWebP) { $0.maxWholePixels = 1000 }?.contains("megapixels") == true)
        #expect(refusal(PictureFixtures.interlacedPNG) { $0.maxWholePixels = 1000 }?.contains("too large to decode whole") == true)
        #expect(refusal(PictureFixtures.zeroPNG(width: 4000, height: 4000)) { $0.maxPNGInflatedBytes = 1 << 20 }?
            .contains("inflates to more than 1 MB") == true)
        #expect(refusal(PictureFixtures.palettePNG) { $0.maxSide = 16 }?.contains("exceeds user limit") == true)
        #expect(refusal(PictureFixtures.progressiveJPEG) { $0.maxJPEGScans = 2 }?.contains("more than 2 scans") == true)
        // A progressive JPEG claiming 2000×2000: over 1 MB its coefficients are refused before any is
        // read; under 64 MB they fit and the data turns out to end early.
        let claimsMore = progressiveJPEG(width: 2000, height: 2000)
        #expect(refusal(claimsMore) { $0.jpegMemoryBytes = 1 << 20 } == "the JPEG needs more memory than RecipeBook allows")
        #expect(refusal(claimsMore) { $0.jpegMemoryBytes = 64 << 20 } == "the JPEG data ends before the picture does")
        for fixture in [PictureFixtures.baselineJPEG, PictureFixtures.palettePNG, PictureFixtures.lossyWebP, PictureFixtures.losslessWebP,
                        PictureFixtures.interlacedPNG, PictureFixtures.progressiveJPEG] {
            #expect(refusal(fixture) { _ in } == nil)
        }
    }

    @Test(arguments: [
        PictureFixtures.baselineJPEG, PictureFixtures.progressiveJPEG, PictureFixtures.cmykJPEG, PictureFixtures.transparentPNG,
        PictureFixtures.interlacedPNG, PictureFixtures.gray16PNG, PictureFixtures.lossyWebP, PictureFixtures.losslessWebP,
        PictureFixtures.transparentWebP,
    ])
    func everyTruncationAndEveryDamagedByteFailsOrDecodesWithinTheBox(data: Data) {
        func attempt(_ bytes: Data) {
            do {
                let image = try decoder.decode(bytes, maxWidth: 32, maxHeight: 32)
                #expect(image.width <= 32 && image.height <= 32 && image.rgba.count == image.width * image.height * 4)
            } catch {
                #expect(error == .pictureUnavailable || error == .unsupportedPicture)
                #expect(!error.detail.isEmpty)
            }
        }
        for length in 0..<data.count { attempt(data.prefix(length)) }
        for index in data.indices {
            for flip: UInt8 in [0xFF, 0x01, 0x80] {
                var damaged = data
                damaged[index] ^= flip
                attempt(damaged)
            }
        }
    }
}

/// The progressive fixture with the size in its frame header changed: libjpeg sizes its coefficient
/// buffers from that before reading any data (the rest of the picture is then grey).
private func progressiveJPEG(width: Int, height: Int) -> Data {
    var data = PictureFixtures.progressiveJPEG
    guard let marker = data.firstRange(of: Data([0xFF, 0xC2])) else { return data }
    let size = marker.upperBound + 3
    data.replaceSubrange(size..<(size + 4), with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
    return data
}

/// The first bytes of a lossless WebP: enough for its size to be read.
private func losslessWebPHeader(width: Int, height: Int) -> Data {
    let bits = UInt32(width - 1) | UInt32(height - 1) << 14
    var bytes = Array("RIFF".utf8) + [100, 0, 0, 0] + Array("WEBPVP8L".utf8) + [50, 0, 0, 0, 0x2F]
    bytes += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)]
    bytes += [UInt8](repeating: 0, count: 40)
    return Data(bytes)
}
