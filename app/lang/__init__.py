"""Language: which language a request is in, its words, their stems, and the stopwords of IT and EN.

Lowest layer above config and store: every package that reads text (routing, tool retrieval, the
memory's fact matcher, answer rendering) uses the same tokenizer, the same stemmer and one stopword
list per language, so two parts never disagree on what a word is.
"""
