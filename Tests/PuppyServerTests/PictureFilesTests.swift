@testable import PuppyCatalog
import Foundation
import Glibc
import Testing
import TestSupport
@testable import PuppyServer

/// The bundled cookbook's pictures go from the binary's own file to the socket (sendfile): the bytes
/// the file holds where the pack says are the photo's, and what a client receives, whole, in pipelined
/// answers and for HEAD, is what the catalog holds.
@Suite("Pictures sent from a file")
struct PictureFilesTests {
    @Test func bundledPhotosLieInAnOpenFileAtTheOffsetThePackGives() throws {
        let catalog = try Catalog.bundled()
        // The first and last few: enough to find a wrong offset, and quick beside the suites running alongside.
        let withPhotos = catalog.recipes.filter { $0.photo != nil }
        let recipes = withPhotos.prefix(8) + withPhotos.suffix(8)
        #expect(!recipes.isEmpty)
        for recipe in recipes {
            for photo in [catalog.photos.picture(for: recipe), catalog.photos.thumbnail(for: recipe)] {
                let photo = try #require(photo, "\(recipe.id)")
                let file = try #require(photo.file, "\(recipe.id): no file to send it from")
                #expect(file.count == photo.count)
                var read = [UInt8](repeating: 0, count: file.count)
                let count = read.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, file.count, off_t(file.offset)) }
                #expect(count == file.count && read == photo.bytes, "\(recipe.id)")
            }
        }
    }

    @Test func pipelinedPicturesArriveWholeAndInOrderAndHEADHasTheLengthAlone() async throws {
        let catalog = try Catalog.bundled()
        let recipes = catalog.recipes.filter { $0.photo != nil }
        try await PuppyServerFixture.withServer(catalog: catalog, configuration: .init(threads: 1)) { server in
            // Every picture asked at once, megabytes together (more than a socket's send buffer grows to),
            // by a client with a small receive buffer: sending stops part way through pictures and
            // resumes where it stopped.
            let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(30), receiveBuffer: 4_096)
            var requests = ""
            for recipe in recipes { requests += "GET /pictures/\(recipe.id).jpg HTTP/1.1\r\nHost: x\r\n\r\n" }
            requests += "HEAD /thumbnails/\(recipes[0].id).jpg HTTP/1.1\r\nHost: x\r\n\r\n"
            requests += "GET /thumbnails/\(recipes[1].id).jpg HTTP/1.1\r\nHost: x\r\n\r\n"
            try connection.send(requests)
            for recipe in recipes {
                let response = try #require(try connection.readResponse())
                #expect(response.status == 200 && response.header("Content-Type") == "image/jpeg")
                #expect(response.body == catalog.photos.picture(for: recipe)?.bytes, "\(recipe.id)")
            }
            let head = try #require(try connection.readResponse(head: true))
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Content-Length") == catalog.photos.thumbnail(for: recipes[0]).map { String($0.count) })
            let thumbnail = try #require(try connection.readResponse())
            #expect(thumbnail.body == catalog.photos.thumbnail(for: recipes[1])?.bytes)
        }
    }
}
