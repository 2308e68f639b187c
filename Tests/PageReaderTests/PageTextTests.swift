import Foundation
import Testing
@testable import PageReader

@Suite struct PageCharsets {
    private let cafeLatin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]

    @Test func bytesThatAreNotUTF8AndSayNothingReadAsWindows1252() {
        #expect(PageText.decode(Data(cafeLatin1), headerCharset: nil) == "café")
        #expect(PageText.decode(Data([0x80, 0x20, 0x93, 0x71, 0x94]), headerCharset: nil) == "€ “q”")
    }

    @Test func validUTF8StaysUTF8() {
        #expect(PageText.decode(Data("café 材料 🍰".utf8), headerCharset: nil) == "café 材料 🍰")
    }

    @Test(arguments: [
        "<meta charset=\"iso-8859-1\">",
        "<META CHARSET=windows-1252>",
        "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">",
        "<meta content='text/html;charset=latin1' http-equiv='content-type'/>",
    ])
    func aMetaDeclarationInTheFirstBytesIsHonoured(meta: String) {
        let page = Array("<html><head>\(meta)</head><body>".utf8) + cafeLatin1
        #expect(PageText.decode(Data(page), headerCharset: nil).hasSuffix("<body>café"))
    }

    @Test func aLatin1DeclarationReadsUTF8LookingBytesAsLatin1() {
        let page = Array("<meta charset=iso-8859-1>".utf8) + [0xC3, 0xA9]
        #expect(PageText.decode(Data(page), headerCharset: nil).hasSuffix("Ã©"))
    }

    @Test func theHeaderCharsetWinsOverTheMetaTag() {
        let page = Array("<meta charset=utf-8>".utf8) + cafeLatin1
        #expect(PageText.decode(Data(page), headerCharset: "ISO-8859-1").hasSuffix("café"))
        let declaredUTF8 = Array("<meta charset=iso-8859-1>".utf8) + Array("é".utf8)
        #expect(PageText.decode(Data(declaredUTF8), headerCharset: "utf-8").hasSuffix("é"))
    }

    @Test func aByteOrderMarkWinsOverEverything() {
        #expect(PageText.decode(Data([0xEF, 0xBB, 0xBF] + Array("é".utf8)), headerCharset: "iso-8859-1") == "é")
        #expect(PageText.decode(Data([0xFF, 0xFE, 0x63, 0x00, 0xE9, 0x00]), headerCharset: nil) == "cé")
        #expect(PageText.decode(Data([0xFE, 0xFF, 0x00, 0x63, 0x00, 0xE9]), headerCharset: nil) == "cé")
    }

    @Test func declaredUTF8WithBadBytesKeepsTheGoodOnes() {
        let text = PageText.decode(Data(Array("<meta charset=utf-8>ok ".utf8) + [0xFF]), headerCharset: nil)
        #expect(text.hasSuffix("ok \u{FFFD}"))
    }

    @Test func aMetaTagPastThePrescanIsNotLookedFor() {
        let page = Array(String(repeating: " ", count: PageText.prescanBytes).utf8) + Array("<meta charset=utf-8>".utf8) + cafeLatin1
        #expect(PageText.decode(Data(page), headerCharset: nil).hasSuffix("café"))
    }

    @Test(arguments: [
        ("text/html; charset=ISO-8859-1", "ISO-8859-1"),
        ("text/html;charset=\"utf-8\"", "utf-8"),
        ("text/html; foo=bar; Charset = windows-1252 ", "windows-1252"),
        ("text/html", nil),
        ("text/html; charset=", nil),
    ])
    func theContentTypeParameterIsRead(contentType: String, charset: String?) {
        #expect(PageText.charset(fromContentType: contentType) == charset)
    }

    @Test func everyByteValueDecodesWithoutFailing() {
        for byte in 0...255 {
            for declared in [nil, "utf-8", "iso-8859-15", "windows-1252", "utf-16le", "shift_jis", "nonsense"] {
                _ = PageText.decode(Data([UInt8(byte), 0x41, UInt8(byte)]), headerCharset: declared)
            }
        }
        #expect(PageText.decode(Data([0xA4]), headerCharset: "iso-8859-15") == "€")
        #expect(PageText.decode(Data(), headerCharset: nil) == "")
    }
}
