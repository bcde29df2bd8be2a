DROP TABLE public_answers;
