"""Example games: complete small games in the shape every game of the collection has."""
