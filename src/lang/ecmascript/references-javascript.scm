; References the JavaScript grammar spells its own way.

(class_heritage (identifier) @name) @reference.extends
(class_heritage (member_expression object: (_) @receiver property: (_) @name)) @reference.extends
