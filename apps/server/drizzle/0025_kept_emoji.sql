-- Issue 28 point 3: the seeded comment emoji become the kept pictures of what their names say
-- (apps/server/assets/emoji/, Twemoji under CC-BY 4.0 and our own 666) instead of the drawn
-- faces of /cdn/seed/emoji-<n>.svg. Only rows still on a drawn face change; any other mapping stays.
UPDATE "emojis" SET "url" = CASE "name"
  WHEN '笑哭' THEN '/cdn/emoji/1f602.svg'
  WHEN '点赞' THEN '/cdn/emoji/1f44d.svg'
  WHEN '爱心' THEN '/cdn/emoji/2764.svg'
  WHEN '火' THEN '/cdn/emoji/1f525.svg'
  WHEN '酷' THEN '/cdn/emoji/1f60e.svg'
  WHEN '哇' THEN '/cdn/emoji/1f929.svg'
  WHEN '鼓掌' THEN '/cdn/emoji/1f44f.svg'
  WHEN '思考' THEN '/cdn/emoji/1f914.svg'
  WHEN '流泪' THEN '/cdn/emoji/1f62d.svg'
  WHEN '惊讶' THEN '/cdn/emoji/1f632.svg'
  WHEN '奸笑' THEN '/cdn/emoji/1f60f.svg'
  WHEN '再见' THEN '/cdn/emoji/1f44b.svg'
  WHEN '拥抱' THEN '/cdn/emoji/1f917.svg'
  WHEN '加油' THEN '/cdn/emoji/1f4aa.svg'
  WHEN '666' THEN '/cdn/emoji/666.svg'
  WHEN '吃瓜' THEN '/cdn/emoji/1f349.svg'
  WHEN '捂脸' THEN '/cdn/emoji/1fae3.svg'
  WHEN '得意' THEN '/cdn/emoji/1f60c.svg'
  WHEN '害羞' THEN '/cdn/emoji/263a.svg'
  WHEN '鞋子' THEN '/cdn/emoji/1f45f.svg'
  ELSE "url"
END
WHERE "url" LIKE '/cdn/seed/emoji-%';
