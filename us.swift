import Foundation
import FoundationNetworking
let c = URLSessionConfiguration.ephemeral
c.timeoutIntervalForRequest = 5
let s = URLSession(configuration: c)
for path in ["/recipes/dish-1", "/recipes/dish-2", "/thumbnails/dish-1.png", "/thumbnails/dish-2.png", "/api/?i=garlic", "/api/?i=garlic&p=2", "/recipes/dish-3/"] {
  let t = Date()
  let (d, r) = try await s.data(from: URL(string: "http://127.0.0.1:42527" + path)!)
  print(path, (r as! HTTPURLResponse).statusCode, d.count, Date().timeIntervalSince(t))
}
