import Foundation
import Testing
import TestSupport
@testable import Services

@Suite("Picture format sniffing")
struct PictureFormatTests {
    @Test(arguments: [
        (PictureFixtures.baselineJPEG, PictureFormat.jpeg),
        (PictureFixtures.progressiveJPEG, .jpeg),
        (PictureFixtures.cmykJPEG, .jpeg),
        (PictureFixtures.transparentPNG, .png),
        (PictureFixtures.interlacedPNG, .png),
        (PictureFixtures.lossyWebP, .webp),
        (PictureFixtures.losslessWebP, .webp),
        (PictureFixtures.animatedWebP, .webp),
        (PictureFixtures.gif, .unsupported("GIF")),
    ])
    func theFormatComesFromTheMagicBytes(data: Data, format: PictureFormat) {
        #expect(PictureFormat.sniff(data) == format)
    }

    @Test(arguments: [
        ("BM\u{0}\u{0}", "BMP"),
        ("II*\u{0}rest", "TIFF"),
        ("MM\u{0}*rest", "TIFF"),
        ("\u{0}\u{0}\u{0} ftypavif", "AVIF"),
        ("\u{0}\u{0}\u{0} ftypheic", "HEIF"),
        ("\u{0}\u{0}\u{0} ftypisom", "a video or ISO media file"),
        ("  <svg xmlns=", "SVG"),
        ("<?xml version", "SVG"),
        ("<!DOCTYPE html><html>", "an HTML page, not a picture"),
        ("", "no data"),
        ("hello", "not a picture"),
        ("RIFF\u{0}\u{0}\u{0}\u{0}WAVE", "not a picture"),
        ("\u{FF}\u{D8}", "not a picture"),
    ])
    func otherFormatsAreNamed(text: String, name: String) {
        let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        #expect(PictureFormat.sniff(bytes) == .unsupported(name))
    }

    @Test func everySingleByteAndEveryTruncatedMagicIsUnsupportedNotACrash() {
        for value in 0...255 {
            if case .unsupported = PictureFormat.sniff([UInt8(value)]) { continue }
            Issue.record("one byte \(value) was taken for a picture")
        }
        for data in [PictureFixtures.baselineJPEG, PictureFixtures.transparentPNG, PictureFixtures.lossyWebP] {
            let magicLength = PictureFormat.sniff(data) == .webp ? 12 : (PictureFormat.sniff(data) == .png ? 8 : 3)
            for length in 0..<magicLength {
                if case .unsupported = PictureFormat.sniff(data.prefix(length)) { continue }
                Issue.record("a \(length)-byte prefix was taken for a picture")
            }
        }
    }
}
