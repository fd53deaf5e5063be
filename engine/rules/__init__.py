"""The rules of EXCEED as resumable flows: setup, turns, actions and strikes."""
