@testable import PuppyCatalog
import Foundation
import Testing

/// A catalog's addresses (`source`, `href`, photos, thumbnails) are checked from their bytes when they
/// have the plain form, and by `URLComponents` otherwise: what the bytes accept, `URLComponents` must
/// read as an http(s) address with a host.
@Suite struct CatalogAddresses {
    @Test(arguments: [
        "http://a", "https://example.com", "https://example.com/", "http://a.b.c/d/e.html",
        "https://github.com/ronaldl29/public-domain-recipes/blob/61b488ee/content/aelplermagronen.md",
        "http://-/", "http://./", "http://a..b/x", "http://1.2.3.4/x", "https://ex.com/a%20b%2Fc",
        "https://ex.com/a_b~c!d$e&f'g(h)i*j+k,l;m=n:o@p//q",
    ])
    func aPlainAddressIsOneURLComponentsReadsWithAHost(address: String) {
        #expect(CatalogValidator.isPlainWebAddress(address))
        Self.expectURLComponentsAccepts(address)
    }

    @Test(arguments: [
        "", "http://", "https://", "http:///x", "ftp://a/b", "HTTP://a/b", "http:/a", "http://a:80/b", "http://user@a/b",
        "http://a/b?c=d", "http://a/b#c", "http://a/b c", "http://a/b\tc", "http://a/%2", "http://a/%zz", "http://a/é",
        "http://é.com/", "http://[::1]/", "http://a/[b]", "http://a/b|c", "http://a/b\"c", "http://a/<b>", "http://a/b\\c",
        "http://a_b/c", "http://a/b^c", "http://a/`b`", "http://a/{b}",
    ])
    func anyOtherAddressIsLeftToURLComponents(address: String) {
        #expect(!CatalogValidator.isPlainWebAddress(address))
    }

    @Test func everyByteAPathMayHoldIsOneURLComponentsReads() {
        var plain = 0
        for byte in UInt8(0)...UInt8(255) {
            let address = String(decoding: Array("http://host.example/a".utf8) + [byte] + Array("b".utf8), as: UTF8.self)
            guard CatalogValidator.isPlainWebAddress(address) else { continue }
            plain += 1
            Self.expectURLComponentsAccepts(address)
        }
        // Letters, digits, `-._~`, the sub-delimiters `!$&'()*+,;=`, `:`, `@` and `/`.
        #expect(plain == 26 * 2 + 10 + 4 + 11 + 3)
    }

    @Test func everyAddressOfTheBundledCookbookIsPlain() throws {
        let addresses = try Catalog.bundled().recipes.flatMap { [$0.source, $0.href, $0.thumbnail].compactMap { $0 } }.filter { !$0.isEmpty }
        #expect(addresses.count > 700)
        #expect(addresses.filter { !CatalogValidator.isPlainWebAddress($0) } == [])
    }

    private static func expectURLComponentsAccepts(_ address: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let components = URLComponents(string: address)
        #expect(components != nil, "\(address)", sourceLocation: sourceLocation)
        #expect(["http", "https"].contains(components?.scheme?.lowercased() ?? ""), "\(address)", sourceLocation: sourceLocation)
        #expect(components?.host?.isEmpty == false, "\(address)", sourceLocation: sourceLocation)
    }
}
