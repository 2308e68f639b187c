// libFuzzer harness for the client's HTTP response parser and body decoding; .ci/fuzz compiles it
// together with Sources/HTTPTransport/Parsing/*.swift and Decoding/*.swift into one module (with zlib),
// so their internal API is in reach, against a ServiceSupport module built from ServiceError.swift.
//
// Input: byte 0 says where to split the stream, byte 1 picks the parser limits (low two bits), whether to
// also feed one byte at a time (bit 2) and the body cap (bit 3: 64 KiB, else 1 KiB); the rest is what a
// server sends on one connection before closing it. The stream is read whole, in two pieces and
// optionally one byte at a time, and each reading's body is decoded as its Content-Encoding says, whole
// and in two pieces: every way must end with the same head, the same bytes and the same error.
import Foundation
import ServiceSupport

/// What a connection saw.
private struct Transcript: Equatable {
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var ended = false
    var error: ServiceError?
}

private func read(_ stream: [UInt8], pieces: [Range<Int>], limits: HTTPResponseLimits) -> Transcript {
    var parser = HTTPResponseParser(limits: limits)
    var transcript = Transcript()
    func take(_ part: HTTPResponsePart) {
        switch part {
        case .head(let head):
            check(transcript.head == nil, "a second head")
            check((200...599).contains(head.status), "status \(head.status) passed on")
            check(head.fields.count <= limits.maxHeaderCount, "\(head.fields.count) fields passed the limit")
            transcript.head = head
        case .body(let bytes):
            check(transcript.head != nil && !transcript.ended, "body bytes outside a body")
            check(!bytes.isEmpty, "an empty body part")
            transcript.body += bytes
        case .end:
            check(transcript.head != nil && !transcript.ended, "an end without a head, or twice")
            transcript.ended = true
        }
    }
    do throws(ServiceError) {
        for piece in pieces {
            var input = stream[piece]
            while let part = try parser.next(&input) { take(part) }
            check(input.isEmpty || parser.isComplete, "bytes left unread before the end")
        }
        if let part = try parser.finish() { take(part) }
        check(parser.isComplete, "finished without an end")
        check(try parser.finish() == nil, "a second finish gave a part")
    } catch {
        transcript.error = error
    }
    check(transcript.error != nil || transcript.ended, "neither an end nor an error")
    return transcript
}

/// The body decoded as its head says, fed in the given pieces.
private func decode(_ transcript: Transcript, split: Int, limit: Int) -> Result<Data, ServiceError> {
    guard let head = transcript.head, transcript.error == nil else { return .success(Data()) }
    do throws(ServiceError) {
        let collector = try BodyCollector(contentEncodings: head.values("content-encoding"), limit: limit, announcedLength: nil)
        let cut = min(split, transcript.body.count)
        try collector.append(transcript.body[..<cut])
        try collector.append(transcript.body[cut...])
        let body = try collector.finish()
        check(body.count <= limit, "a decoded body of \(body.count) bytes passed the cap of \(limit)")
        return .success(body)
    } catch {
        return .failure(error)
    }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("ResponseParser invariant: \(message())") }
}

private func limits(_ selector: UInt8) -> HTTPResponseLimits {
    switch selector & 3 {
    case 1: return HTTPResponseLimits(maxStatusLineBytes: 24, maxHeaderBytes: 64, maxHeaderCount: 3, maxChunkLineBytes: 8,
                                      maxTrailerBytes: 16, maxInterimResponses: 1)
    case 2: return HTTPResponseLimits(maxStatusLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 8, maxChunkLineBytes: 32,
                                      maxTrailerBytes: 64, maxInterimResponses: 2)
    default: return HTTPResponseLimits()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count >= 2 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: count)
    let split = Int(input[0]) * (count - 2) / 255
    let limits = limits(input[1])
    let cap = input[1] & 8 != 0 ? 64 * 1024 : 1024
    let stream = Array(input[2...])

    let whole = read(stream, pieces: [0..<stream.count], limits: limits)
    let twoPieces = read(stream, pieces: [0..<split, split..<stream.count], limits: limits)
    check(twoPieces == whole, "split at \(split): \(twoPieces) but whole: \(whole)")
    if input[1] & 4 != 0, stream.count <= 2048 {
        let oneByOne = read(stream, pieces: stream.indices.map { $0..<($0 + 1) }, limits: limits)
        check(oneByOne == whole, "one byte at a time: \(oneByOne) but whole: \(whole)")
    }

    let decodedWhole = decode(whole, split: whole.body.count, limit: cap)
    let decodedSplit = decode(whole, split: split, limit: cap)
    switch (decodedWhole, decodedSplit) {
    case (.success(let a), .success(let b)):
        check(a == b, "decoding in two pieces gave other bytes")
    case (.failure(let a), .failure(let b)):
        check(a == b, "decoding in two pieces failed as \(b), whole as \(a)")
    default:
        check(false, "decoding whole: \(decodedWhole), in two pieces: \(decodedSplit)")
    }
    return 0
}
