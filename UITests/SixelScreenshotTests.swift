import Entity
import Foundation
import Presenter
import Testing
import TestSupport
@testable import View

/// A sixel made by the encoder, shown by a real xterm (VT340 mode) on a virtual X server, read back
/// from a screenshot.
@Suite(.serialized, .enabled(if: VirtualXterm.unavailableReason == nil, "\(VirtualXterm.unavailableReason ?? "")"))
struct SixelScreenshotTests {
    @Test func xtermDrawsTheEncodersSixelWithItsQuadrantsInPlace() throws {
        var rgba: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                rgba += [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255]][(y < 8 ? 0 : 2) + (x < 8 ? 0 : 1)]
            }
        }
        let picture = try #require(PictureModel(width: 16, height: 16, rgba: rgba, png: Data(), altText: "quadrants", link: nil))
        // 20×8 cells of xterm's 6×13 font: 120×104 pixels of room, so a 104×104 picture.
        let sixel = SixelEncoder.encode(picture, columns: 20, rows: 8, cell: CellSize(width: 6, height: 13))

        let capture = try TemporaryDirectory.withSync { folder in
            let file = folder.appendingPathComponent("quadrants.six")
            try Data(sixel.utf8).write(to: file)
            return try VirtualXterm.run(["/bin/sh", "-c", "cat '\(file.path)'; echo SIXEL-SHOWN"], marker: "SIXEL-SHOWN")
        }
        if let keep = ProcessInfo.processInfo.environment["RECIPEBOOK_KEEP_SCREENSHOT"] {
            try capture.png.write(to: URL(fileURLWithPath: keep))
        }

        let screen = capture.screen
        func isPure(_ x: Int, _ y: Int) -> Bool {
            guard let pixel = screen.pixel(x: x, y: y) else { return false }
            let channels = [pixel.red, pixel.green, pixel.blue]
            return channels.allSatisfy { $0 < 16 || $0 > 239 } && !channels.allSatisfy { $0 > 239 } && !channels.allSatisfy { $0 < 16 }
        }
        let box = try #require(screen.bounds(where: isPure), "no picture on the screen")
        let (left, top, right, bottom) = (box.left, box.top, box.right, box.bottom)
        #expect(right - left + 1 == 104 && bottom - top + 1 == 104, "the picture is \(right - left + 1)×\(bottom - top + 1)")
        #expect(left < 10 && top < 10, "the picture starts at \(left),\(top), not in the first cell")
        let expected: [(x: Int, y: Int, colour: (UInt8, UInt8, UInt8))] = [
            (left + 26, top + 26, (255, 0, 0)), (left + 78, top + 26, (0, 255, 0)),
            (left + 26, top + 78, (0, 0, 255)), (left + 78, top + 78, (255, 255, 0)),
        ]
        for point in expected {
            let pixel = screen.pixel(x: point.x, y: point.y)
            #expect(pixel.map { ($0.red, $0.green, $0.blue) == point.colour } == true, "at \(point.x),\(point.y): \(String(describing: pixel))")
        }
        // Nothing was written over the picture: its bottom row is whole. The text after it starts on
        // the line below, and the rest of the screen is the terminal's white background.
        for x in left...right {
            let colour: (UInt8, UInt8, UInt8) = x < left + 52 ? (0, 0, 255) : (255, 255, 0)
            #expect(screen.pixel(x: x, y: bottom).map { ($0.red, $0.green, $0.blue) == colour } == true, "bottom row at \(x)")
        }
        let textBelow = (bottom + 1..<(bottom + 14)).contains { y in
            (left..<(left + 60)).contains { x in screen.pixel(x: x, y: y).map { $0.red < 64 && $0.green < 64 && $0.blue < 64 } == true }
        }
        #expect(textBelow, "no text on the line below the picture")
        #expect(screen.pixel(x: left + 150, y: top + 50).map { $0.red > 239 && $0.green > 239 && $0.blue > 239 } == true)
    }
}
