/**
 * The choice a verification link opened outside the signing-up browser leaves in this browser
 * (decisions/130): GET /api/choose_password (the address, or 401 when there is none) and
 * POST /api/choose_password (sets the password, signs in). The credential is the HttpOnly
 * `choose_password` cookie the browser sends by itself; no bearer is sent, so a 401 here never
 * signs anyone out.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';

const choiceAnswer = answer('accounts', 'passwordChoiceAnswerSchema');
const accountAnswer = answer('accounts', 'accountAnswerSchema');

export const passwordChoiceKey = ['password-choice'] as const;

export const fetchPasswordChoice = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get('/api/choose_password', choiceAnswer, { signal, token: null });

/** The address this browser may choose a password for; an error when there is none (any more). */
export function usePasswordChoice() {
  return useQuery({ queryKey: passwordChoiceKey, queryFn: fetchPasswordChoice, retry: false, staleTime: 60_000 });
}

const choosePassword = (password: string) =>
  api.post('/api/choose_password', accountAnswer, { password }, { token: null });

export function useChoosePassword() {
  return useMutation({ mutationFn: choosePassword });
}
